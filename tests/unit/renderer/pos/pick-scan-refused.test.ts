// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, mount } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import PickDialog from '../../../../renderer/pos/components/PickDialog.vue';
import { CatalogIndex } from '../../../../renderer/pos/logic/catalog-index.js';
import { useCatalogStore } from '../../../../renderer/pos/stores/catalog.js';
import { usePickingStore } from '../../../../renderer/pos/stores/picking.js';
import { usePickupStore } from '../../../../renderer/pos/stores/pickup.js';
import { line, queued } from './queue-fixtures.js';
import { signedInCashier } from './signed-in.js';

const jar = line({ lineIndex: 1, name: 'Smell-Proof Stash Jar', quantity: 1, unitType: 'each', packageLabel: '' });
const prerolls = line({ lineIndex: 2, name: 'Blue Dream Pre-Roll', quantity: 2, packageLabel: 'LABEL-A' });
const order = queued({
  orderNumber: 'JAR111',
  status: 'IN_PROCESS',
  fulfillmentStatus: 'IN_PROCESS',
  lines: [jar, prerolls],
});

beforeEach(async () => {
  signedInCashier();
  vi.stubGlobal('fetch', async () => {
    const body = { resultCode: 'SUCCESS', resultReason: null, asOf: new Date().toISOString(), truncated: false };
    return new Response(JSON.stringify({ ...body, current: true, atServer: false, orders: [order] }), { status: 200 });
  });
  // happy-dom has no modal dialogs: showing it is enough here.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  useCatalogStore().index = new CatalogIndex([]);
  await usePickupStore().reload();
  usePickingStore().open(order);
});

/** The pick list mounted, and its label field with a code scanned into it (typed, then Enter). */
async function scanned(code: string) {
  const dialog = mount(PickDialog, { attachTo: document.body });
  const field = dialog.get<HTMLInputElement>('#pick-code');
  await field.setValue(code);
  await dialog.get('form.scan').trigger('submit');
  await flushPromises();
  return { dialog, field };
}

describe('a scan the pick list refuses', () => {
  it('stays in the field beside why, selected so the next scan replaces it', async () => {
    const { dialog, field } = await scanned('NOPE-0000');
    expect(field.element.value).toBe('NOPE-0000');
    expect(dialog.get('[data-testid="pick-note"]').text()).toBe(
      'Nothing in this store has the label NOPE-0000: check the label and scan it again.',
    );
    expect(field.attributes('aria-invalid')).toBe('true');
    expect(field.attributes('aria-describedby')).toBe('pick-note');
    expect(document.activeElement).toBe(field.element);
    expect([field.element.selectionStart, field.element.selectionEnd]).toEqual([0, 'NOPE-0000'.length]);
    dialog.unmount();
  });

  it('is no longer marked once the code is changed, and a scan taken empties the field', async () => {
    const { dialog, field } = await scanned('NOPE-0000');
    await field.setValue('label-a');
    expect(field.attributes('aria-invalid')).toBeUndefined();
    await dialog.get('form.scan').trigger('submit');
    await flushPromises();
    expect(field.element.value).toBe('');
    expect(dialog.get('[data-testid="pick-note"]').text()).toBe('Blue Dream Pre-Roll: 1 of 2 scanned.');
    dialog.unmount();
  });

  it('goes once the list says something else (a tap puts an item in the bag)', async () => {
    const { dialog, field } = await scanned('NOPE-0000');
    usePickingStore().tap(jar);
    await flushPromises();
    expect(field.element.value).toBe('');
    expect(field.attributes('aria-invalid')).toBeUndefined();
    dialog.unmount();
  });
});
