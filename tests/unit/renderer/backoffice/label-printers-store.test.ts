// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrinterView } from '../../../../shared/contracts/printers.js';
import type { PackageView } from '../../../../shared/contracts/rooms.js';
import { checkCopies } from '../../../../renderer/backoffice/logic/label-copies.js';
import { useLabelPrintersStore } from '../../../../renderer/backoffice/stores/label-printers.js';
import { usePackagesStore } from '../../../../renderer/backoffice/stores/packages.js';
import { fakeService, refused, signedIn } from './fake-service.js';

const SETUP = '/v2.0/dispensary/demo/setup';
const ok = { resultCode: 'SUCCESS', resultReason: null };
const TAG = '1A4FF0100000022000000201';
const printer = (terminalId: string, paperWidth: 58 | 80 = 80) =>
  ({ terminalId, address: 'tcp://127.0.0.1:9100', paperWidth, openDrawerOnCash: false }) as PrinterView;

afterEach(() => vi.unstubAllGlobals());

describe('the label printers store', () => {
  it('reads the store’s printers and keeps the one chosen last across prints', async () => {
    signedIn(['store:manage', 'inventory:adjust']);
    const calls = fakeService({
      [`GET ${SETUP}/printers`]: [
        { body: { ...ok, printers: [printer('front-1'), printer('front-2')] } },
        { body: { ...ok, printers: [printer('front-1'), printer('front-2')] } },
      ],
      [`POST ${SETUP}/inventory/receipts/r%201/labels`]: [{ body: { ...ok, printed: true } }],
    });
    const labels = useLabelPrintersStore();
    await labels.load();
    expect(labels.printer).toBe('front-1');
    await labels.printReceipt('r 1', { copies: 2, printer: 'front-2' });
    expect(calls.at(-1)!.body).toEqual({ copies: 2, printer: 'front-2' });
    await labels.load();
    expect(labels.printer).toBe('front-2');
  });

  it('lets a cashier print on the store’s only printer when the printers are not theirs to read', async () => {
    signedIn(['inventory:adjust']);
    fakeService({ [`GET ${SETUP}/printers`]: [refused(403, 'FORBIDDEN', 'needs store:manage')] });
    const labels = useLabelPrintersStore();
    await labels.load();
    expect(labels).toMatchObject({ readable: false, loaded: true, printer: '', printers: [] });
  });

  it('prints one package’s label by its id, saying which package in the words', async () => {
    signedIn(['store:manage', 'inventory:adjust']);
    const calls = fakeService({
      [`POST ${SETUP}/products/p1/labels`]: [
        {
          body: {
            ...ok,
            printed: true,
            printer: 'front-1',
            productName: 'Blue Dream',
            kind: 'package',
            packageLabel: TAG,
            copies: 1,
          },
        },
      ],
    });
    const pkg = { packageId: 'k9', label: TAG, productId: 'p1' } as PackageView;
    const answer = await usePackagesStore().printLabel(pkg, { copies: 1, printer: 'front-1' });
    expect(calls[0]!.body).toEqual({ kind: 'package', package: 'k9', copies: 1, printer: 'front-1' });
    expect(answer).toEqual({
      printed: true,
      words: `Printed 1 package label of Blue Dream (${TAG}) on front-1's printer.`,
    });
    expect(useLabelPrintersStore().printer).toBe('front-1');
  });
});

describe('copies as typed', () => {
  it('takes a whole number from 1 to 50, and says so otherwise', () => {
    expect(checkCopies(' 3 ')).toEqual({ ok: true, copies: 3 });
    for (const typed of ['0', '51', '1,000', 'two', '-2', '']) {
      expect(checkCopies(typed)).toEqual({ ok: false, sentence: 'Copies: a whole number from 1 to 50.' });
    }
  });

  it('reads commas by the one rule for typed numbers, and says why a fraction is refused', () => {
    expect(checkCopies('12.0')).toEqual({ ok: true, copies: 12 });
    expect(checkCopies('1,5')).toEqual({
      ok: false,
      sentence:
        'Copies "1,5" could mean 1.5 or 15: a comma only separates thousands, three digits at a time (1,250); ' +
        'type 1.5 or 15.',
    });
    expect(checkCopies('1.5')).toEqual({
      ok: false,
      sentence: 'Copies: a whole number from 1 to 50, not 1.5: a label prints whole or not at all.',
    });
  });
});
