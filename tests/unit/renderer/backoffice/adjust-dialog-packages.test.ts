// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { flushPromises, mount } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PackageView } from '../../../../shared/contracts/rooms.js';
import AdjustStockDialog from '../../../../renderer/backoffice/components/products/AdjustStockDialog.vue';
import { defaultPackageId, packageWhereWords } from '../../../../renderer/backoffice/logic/adjust-words.js';
import { fakeService, signedIn, type Call } from './fake-service.js';
import { product } from './product-fixture.js';

/**
 * The Adjust dialog adjusts the package that sells next; where the product has several (a delivery
 * beside the old stock, a jar in the Vault), the manager chooses another, and the change is sent
 * for that package, with its own stock shown.
 */
const SETUP = '/v2.0/dispensary/demo/setup';
const ok = { resultCode: 'SUCCESS', resultReason: null };
const reasons = [{ code: 'damage', name: 'Damaged', stateReason: 'Damage', noteRequired: false }];
const pkg = (fields: Partial<PackageView>): PackageView =>
  ({
    packageId: 'k1',
    label: '1A4060300002199000000001',
    room: { id: 'sales-floor', name: 'Sales floor', kind: 'sales_floor' },
    onHand: 38,
    sellsNext: false,
    ...fields,
  }) as PackageView;
const DELIVERED = pkg({ packageId: 'k2', label: '1A4FF0100000022000000201', onHand: 40, sellsNext: true });
const OLD = pkg({});
const VAULT = pkg({ packageId: 'k3', label: '', room: { id: 'r1', name: 'Vault', kind: 'storage' }, onHand: 6 });

afterEach(() => vi.unstubAllGlobals());

let calls: Call[] = [];
async function dialog(packages: PackageView[]) {
  signedIn(['store:manage', 'inventory:adjust']);
  const adjustment = {
    adjustmentId: 'a1',
    packageId: 'k3',
    productName: 'Blue Dream',
    delta: -1,
    quantityBefore: 6,
    quantityAfter: 5,
    reasonName: 'Damaged',
    approvedBy: null,
    approvedByName: null,
    approvedByOther: false,
  };
  calls = fakeService({
    [`GET ${SETUP}/products/p1/packages`]: [{ body: { ...ok, packages } }],
    [`GET ${SETUP}/inventory/reasons`]: [{ body: { ...ok, reasons, profile: null, pinAbove: null } }],
    [`POST ${SETUP}/inventory/adjustments`]: [{ body: { ...ok, adjustment } }],
  });
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  const wrapper = mount(AdjustStockDialog, {
    props: { product: product({ packageId: 'k1', quantityOnHand: 78 }) },
    global: { plugins: [getActivePinia()!] },
  });
  await flushPromises();
  return wrapper;
}

describe('the Adjust dialog’s package', () => {
  it('says where each package is and what it has, the one that sells next chosen to begin with', () => {
    expect(packageWhereWords(DELIVERED, false)).toBe('Sales floor · 40 units on hand');
    expect(packageWhereWords({ ...VAULT, onHand: 1.5 }, true)).toBe('Vault · 1.5 g on hand');
    // Below zero (sold offline past what was held) reads as none, as stock is said everywhere.
    expect(packageWhereWords({ ...VAULT, onHand: -2 }, false)).toBe('Vault · 0 units on hand');
    expect(defaultPackageId([OLD, DELIVERED, VAULT], 'k1')).toBe('k2');
    expect(defaultPackageId([OLD, VAULT], 'k3')).toBe('k3');
    expect(defaultPackageId([], 'k1')).toBe('');
  });

  it('offers a product’s packages, and adjusts the one chosen with its own stock', async () => {
    const wrapper = await dialog([DELIVERED, OLD, VAULT]);
    const lines = () => wrapper.findAll('label.adjust-package').map((line) => line.text().replace(/\s+/g, ' '));
    expect(lines()).toEqual([
      '1A4FF0100000022000000201 · Sales floor · 40 units on hand Sells next',
      '1A4060300002199000000001 · Sales floor · 38 units on hand',
      'Untagged · Vault · 6 units on hand',
    ]);
    const radio = (id: string) => wrapper.get<HTMLInputElement>(`input[name="adjust-package"][value="${id}"]`);
    expect(radio('k2').element.checked).toBe(true);
    expect(wrapper.get('[data-testid="adjust-on-hand"]').text()).toBe('40 units');

    await radio('k3').setValue(true);
    expect(wrapper.get('[data-testid="adjust-on-hand"]').text()).toBe('6 units');
    await wrapper.get('#adjust-amount').setValue('1');
    expect(wrapper.get('[data-testid="adjust-preview"]').text()).toBe('On hand: 6 → 5 units');
    await wrapper.get('#adjust-reason').setValue('damage');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(calls.at(-1)!.body).toEqual({ package: 'k3', delta: -1, reason: 'damage' });
    expect(wrapper.get('[data-testid="adjust-on-hand"]').text()).toBe('5 units');
    expect(lines()[2]).toBe('Untagged · Vault · 5 units on hand');
  });

  it('says the one package’s state tag where there is only one, as before', async () => {
    const wrapper = await dialog([OLD]);
    expect(wrapper.find('input[name="adjust-package"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="adjust-tag"]').text()).toBe('1A4060300002199000000001');
    expect(wrapper.get('[data-testid="adjust-on-hand"]').text()).toBe('38 units');
  });
});
