// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, mount } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import type { Verification } from '../../../../shared/contracts/customers.js';
import IdCheckDialog from '../../../../renderer/pos/components/IdCheckDialog.vue';
import type { IdDraft } from '../../../../renderer/pos/logic/id-draft.js';
import { useIdCheckStore } from '../../../../renderer/pos/stores/id-check.js';
import { customer } from '../customer-fixture.js';
import { heldService } from '../held-service.js';
import { signedInCashier } from './signed-in.js';

/**
 * A first-time ID the check refused: nothing is stored for it, so adding them as they are is never
 * offered (it would only be refused again, the dialog unchanged). Only a check as a medical patient
 * is, and only when a recommendation could lift the refusal.
 */
const AVERY: IdDraft = {
  firstName: 'Avery',
  middleName: null,
  lastName: 'Minors',
  dateOfBirth: '2007-12-31',
  idType: 'drivers_licence',
  idNumber: 'D1900001',
  idJurisdiction: 'CA',
  idExpiry: '2030-12-31',
};
const UNDER_AGE = {
  verified: false,
  age: 19,
  problem: 'under_age',
  reason: 'The customer is 19: adult-use sales need 21 (the customer turns 21 on December 31, 2028).',
};
const EXPIRED = { verified: false, age: 30, problem: 'id_expired', reason: 'This ID expired on March 3, 2026.' };

/** The dialog on a new person's verdict (its step's content shown once it is open). */
async function refused(verification: object) {
  const check = useIdCheckStore();
  check.open = true;
  check.step = 'new';
  check.draft = AVERY;
  check.verification = verification as Verification['verification'];
  const dialog = mount(IdCheckDialog, { global: { plugins: [getActivePinia()!] }, attachTo: document.body });
  await nextTick();
  return dialog;
}
type Dialog = Awaited<ReturnType<typeof refused>>;
const buttons = (dialog: Dialog) => dialog.findAll('button').map((button) => button.text());
const press = (dialog: Dialog, name: string) =>
  dialog
    .findAll('button')
    .find((button) => button.text() === name)!
    .trigger('click');

beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= vi.fn();
  signedInCashier();
});
afterEach(() => vi.unstubAllGlobals());

describe('a first-time ID refused by the check', () => {
  it('too young for adult-use: offers a check as a medical patient, never to add them as they are', async () => {
    const dialog = await refused(UNDER_AGE);
    expect(buttons(dialog)).not.toContain('Add as a customer and check');
    expect(buttons(dialog)).toContain('Check as a medical patient');
    expect(dialog.text()).toContain('Nothing is saved for a refused ID.');
    expect(dialog.text()).toContain('A medical patient can be checked with their recommendation');
  });

  it('says to tick "Medical patient" when it is pressed without a recommendation, and sends nothing', async () => {
    const calls = heldService();
    const dialog = await refused(UNDER_AGE);
    await press(dialog, 'Check as a medical patient');
    expect(dialog.get('[data-testid="recommendation-needed"]').text()).toBe(
      'Tick “Medical patient” and type the recommendation first.',
    );
    expect(calls).toEqual([]);
  });

  it('with a recommendation, checks them as a medical patient, then adds them once it passes', async () => {
    const calls = heldService();
    const dialog = await refused(UNDER_AGE);
    await dialog.get('input[type="checkbox"]').setValue(true);
    await dialog.get('#medical-number').setValue('REC-77120');
    await dialog.get('#medical-expires').setValue('2031-01-31');
    await press(dialog, 'Check as a medical patient');
    expect(dialog.find('[data-testid="recommendation-needed"]').exists()).toBe(false);
    expect(calls.map((call) => [call.method, call.url.pathname])).toEqual([
      ['POST', '/v2.0/dispensary/demo/customers/check'],
    ]);
    expect(calls[0]!.body).toMatchObject({ customerType: 'medical', medical: { number: 'REC-77120' } });
    calls[0]!.answer({ body: { resultCode: 'SUCCESS', verification: { verified: true, age: 19 } } });
    await flushPromises();
    expect(calls[1]!.method).toBe('POST');
    expect(calls[1]!.url.pathname).toBe('/v2.0/dispensary/demo/customers');
    calls[1]!.answer({ body: { resultCode: 'SUCCESS', customer: customer('avery', 'Avery', 'Minors') } });
    await flushPromises();
    calls[2]!.answer({ body: { resultCode: 'SUCCESS', verification: { verified: true, age: 19 } } });
    await flushPromises();
    expect(buttons(dialog)).toContain('Sell to Avery');
  });

  it('an expired ID, which no recommendation lifts: nothing to add or check again, only Close', async () => {
    const dialog = await refused(EXPIRED);
    expect(dialog.get('[data-testid="id-verdict"]').text()).toBe('Do not sell: This ID expired on March 3, 2026.');
    expect(dialog.find('form').exists()).toBe(false);
    expect(buttons(dialog)).toEqual(['Find a customer', 'Type an ID', 'Close']);
    expect(dialog.text()).not.toContain('A medical patient can be checked');
  });

  it('a new person whose ID passes is still offered to be added, as adult-use or medical', async () => {
    const dialog = await refused({ verified: true, age: 30 });
    expect(buttons(dialog)).toContain('Add as a customer and check');
    expect(dialog.text()).not.toContain('Nothing is saved');
  });
});
