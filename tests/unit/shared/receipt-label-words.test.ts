import { describe, expect, it } from 'vitest';
import type { ReceiptLabelPackage, ReceiptLabelResult } from '../../../shared/contracts/receipt-labels.js';
import { receiptLabelWords } from '../../../shared/receipt-label-words.js';

const pkg = (label: string, fields: Partial<ReceiptLabelPackage> = {}): ReceiptLabelPackage => ({
  packageId: `k-${label}`,
  label,
  productName: 'Blue Dream',
  quantity: 40,
  result: 'printed',
  skipped: null,
  ...fields,
});
const result = (fields: Partial<ReceiptLabelResult>): ReceiptLabelResult => ({
  resultCode: 'SUCCESS',
  resultReason: null,
  printed: true,
  printer: 'front-1',
  receiptId: 'r1',
  manifestNumber: '0004512873',
  copies: 1,
  labels: 2,
  skipped: 0,
  packages: [pkg('A1'), pkg('A2')],
  ...fields,
});
const empty = (label: string) => pkg(label, { quantity: 0, result: 'skipped', skipped: 'it has no stock left' });

describe('a delivery’s labels in words', () => {
  it('says how many printed, on which printer', () => {
    expect(receiptLabelWords(result({}))).toBe("Printed 2 package labels of manifest 0004512873 on front-1's printer.");
    expect(receiptLabelWords(result({ labels: 1 }))).toMatch(/^Printed 1 package label of/);
  });

  it('names the packages skipped and why, three at most', () => {
    const packages = [pkg('A1'), empty('A2'), empty('A3'), empty('A4'), empty('A5')];
    expect(receiptLabelWords(result({ labels: 1, packages }))).toBe(
      "Printed 1 package label of manifest 0004512873 on front-1's printer. Skipped 4 packages: " +
        'A2 of Blue Dream: it has no stock left; A3 of Blue Dream: it has no stock left; ' +
        'A4 of Blue Dream: it has no stock left; and 1 more.',
    );
  });

  it('says why they did not print: the printer’s problem, or nothing left to label', () => {
    const off = result({ printed: false, problem: 'The printer at 127.0.0.1:9100 refused the connection' });
    expect(receiptLabelWords(off)).toBe(
      "The 2 package labels of manifest 0004512873 did not print on front-1's printer. " +
        'The printer at 127.0.0.1:9100 refused the connection.',
    );
    const none = result({
      printed: false,
      labels: 0,
      problem: 'No package of manifest 0004512873 has stock left to label',
      packages: [empty('A1')],
    });
    expect(receiptLabelWords(none)).toBe(
      'No package of manifest 0004512873 has stock left to label. Skipped 1 package: A1 of Blue Dream: it has no stock left.',
    );
  });
});
