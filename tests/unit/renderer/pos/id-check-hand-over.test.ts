// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { mount } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import type { Customer, Verification } from '../../../../shared/contracts/customers.js';
import type { Ticket } from '../../../../shared/contracts/ticket.js';
import IdCheckDialog from '../../../../renderer/pos/components/IdCheckDialog.vue';
import { useCheckoutStore } from '../../../../renderer/pos/stores/checkout.js';
import { useHandOverStore } from '../../../../renderer/pos/stores/hand-over.js';
import { useIdCheckStore } from '../../../../renderer/pos/stores/id-check.js';
import { customer } from '../customer-fixture.js';
import { queued } from './queue-fixtures.js';
import { signedInCashier } from './signed-in.js';

/**
 * The ID check of an online order's hand-over: the customer found must be the one the order names.
 * Anyone else is not offered the order ("Hand over to Bob" would only be refused): the dialog says
 * that this is not the order's customer instead.
 */
const ORDER = queued({ orderNumber: 'HYKEMY', customerName: 'Ada L.' });
const ADA = customer('ada', 'Ada', 'Lovelace');
const BOB = customer('bob', 'Bob', 'Smith');

/** The dialog with `found` checked (ID verified) while order HYKEMY, for Ada, is handed over. */
function checked(found: Customer) {
  const check = handingOver();
  check.step = 'checked';
  check.customer = found;
  check.verification = { verified: true, age: 36 } as Verification['verification'];
  return mount(IdCheckDialog, { global: { plugins: [getActivePinia()!] } });
}

/** The ID check open while order HYKEMY, for Ada, is handed over. */
function handingOver() {
  const handOver = useHandOverStore();
  handOver.order = ORDER;
  handOver.need = { kind: 'customer', customerId: ADA.id };
  useCheckoutStore().adopt(
    { orderId: ORDER.orderId, orderNumber: 'HYKEMY' } as Ticket,
    {
      kind: 'online',
      finish: async () => null,
      paidElsewhere: async () => undefined,
      canceledElsewhere: async () => undefined,
      leave: () => undefined,
      greeting: null,
      customerPoints: null,
    },
    'review',
  );
  const check = useIdCheckStore();
  check.open = true;
  return check;
}

/** The dialog with the ID of a person no customer has scanned (passing, or refused) during the hand-over. */
function stranger(verified: boolean) {
  const check = handingOver();
  check.step = 'new';
  check.draft = {
    firstName: 'Grace',
    middleName: null,
    lastName: 'Hopper',
    dateOfBirth: '1985-12-10',
    idType: 'drivers_licence',
    idNumber: 'D7654321',
    idJurisdiction: 'CA',
    idExpiry: '2031-01-01',
  };
  check.verification = (
    verified ? { verified: true, age: 40 } : { verified: false, reason: 'the ID expired on Jan 1, 2020' }
  ) as Verification['verification'];
  return mount(IdCheckDialog, { global: { plugins: [getActivePinia()!] } });
}
const buttons = (dialog: ReturnType<typeof checked>) => dialog.findAll('button').map((button) => button.text());

beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= vi.fn();
  signedInCashier();
});
afterEach(() => vi.unstubAllGlobals());

describe('the ID check of an online order’s hand-over', () => {
  it('says someone else found is not the order’s customer, and offers no hand-over to them', () => {
    const dialog = checked(BOB);
    expect(dialog.get('[data-testid="not-the-customer"]').text()).toBe(
      "Bob Smith is not the customer on order HYKEMY (Ada L.). Find the order's customer to hand it over.",
    );
    expect(buttons(dialog).some((text) => /Hand over|Sell to/.test(text))).toBe(false);
  });

  it('says a person no customer of the store is cannot take the order, and never offers to add them for it', () => {
    for (const verified of [true, false]) {
      const dialog = stranger(verified);
      expect(dialog.get('[data-testid="not-the-customer"]').text()).toBe(
        'Grace Hopper is not the customer on order HYKEMY (Ada L.): no customer of this store has this ID. ' +
          "Find the order's customer to hand it over.",
      );
      expect(buttons(dialog).some((text) => /Add as a customer|medical patient|Hand over|Sell to/.test(text))).toBe(
        false,
      );
      dialog.unmount();
    }
  });

  it('offers the hand-over to the order’s customer', () => {
    const dialog = checked(ADA);
    expect(dialog.find('[data-testid="not-the-customer"]').exists()).toBe(false);
    expect(buttons(dialog)).toContain('Hand over to Ada');
  });

  it('"Medical patient?" is a button that says it opens, and whether it is open', async () => {
    const dialog = checked(ADA);
    await nextTick();
    const row = dialog.get('button.disclosure');
    expect(row.text()).toBe('Medical patient?');
    expect(row.attributes('aria-expanded')).toBe('false');
    expect(row.attributes('aria-controls')).toBeUndefined();
    expect(dialog.find('#make-medical-fields').exists()).toBe(false);
    await row.trigger('click');
    expect(row.attributes('aria-expanded')).toBe('true');
    expect(row.attributes('aria-controls')).toBe('make-medical-fields');
    expect(dialog.get('#make-medical-fields').text()).toContain('Save as a medical patient');
    await row.trigger('click');
    expect(row.attributes('aria-expanded')).toBe('false');
    expect(dialog.find('#make-medical-fields').exists()).toBe(false);
  });
});
