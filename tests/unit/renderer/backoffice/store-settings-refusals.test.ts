// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreSettings } from '../../../../shared/contracts/setup.js';
import { DEFAULT_LOYALTY } from '../../../../shared/contracts/loyalty.js';
import StoreSettingsForm from '../../../../renderer/backoffice/components/setup/StoreSettingsForm.vue';
import { useStoreSettingsStore } from '../../../../renderer/backoffice/stores/setup/store-settings.js';
import { fakeService, refused, signedIn, type Answer } from './fake-service.js';

/**
 * The store's settings form says each refusal beside the field it is about, the form's own and the
 * service's, in words, and its foot only that nothing was saved (issue: a refusal 2,400 px below
 * its field); a refusal of no field it shows stays whole at the foot. Nothing typed is lost.
 */
const STORE = '/v2.0/dispensary/demo/setup/store';
const day = { open: '09:00', close: '21:00' };
const SETTINGS: StoreSettings = {
  shortName: 'demo',
  name: 'Green Valley',
  organizationId: '00000000-0000-4000-8000-000000000001',
  timezone: 'America/Los_Angeles',
  preparationMinutes: 15,
  openingHours: [day, day, day, day, day, day, day],
  address: '1 Main St, Sacramento, CA 95814',
  cash: { blindClose: false, managerApproval: [] },
  offlineCards: { maxCents: 20_000, totalCents: 100_000 },
  pickupHoldHours: 48,
  adjustmentPinAbove: null,
  complianceProfile: null,
  licenceNumber: null,
  loyalty: DEFAULT_LOYALTY,
  manualDiscountPinAbove: null,
};

afterEach(() => vi.unstubAllGlobals());

function opened(puts: Answer[] = []): VueWrapper {
  signedIn(['store:manage']);
  fakeService({ [`PUT ${STORE}`]: puts });
  useStoreSettingsStore().store = SETTINGS;
  return mount(StoreSettingsForm, { global: { plugins: [getActivePinia()!] }, attachTo: document.body });
}
async function save(form: VueWrapper): Promise<void> {
  await form.get('form').trigger('submit');
  await flushPromises();
}
/** The words `field` is described by (its `aria-describedby`), and whether they sit in the field's own cell. */
function describedBeside(form: VueWrapper, field: string): { words: string; beside: boolean } {
  const input = form.get(field).element;
  const said = document.getElementById(input.getAttribute('aria-describedby') ?? '');
  return { words: said?.textContent?.trim() ?? '', beside: !!said && said.parentElement === input.parentElement };
}
const foot = (form: VueWrapper) => form.get('.form-status').text();

describe('the store settings form’s refusals', () => {
  it('says a preparation time of "abc" beside its field, keeps it as typed, and the foot only "Not saved"', async () => {
    const form = opened();
    await form.get('#store-prep').setValue('abc');
    await save(form);
    expect(describedBeside(form, '#store-prep')).toEqual({
      words: 'Preparation time must be a whole number of minutes, 0 to 1440.',
      beside: true,
    });
    expect(form.get('#store-prep').attributes('aria-invalid')).toBe('true');
    expect((form.get('#store-prep').element as HTMLInputElement).value).toBe('abc');
    expect(document.activeElement?.id).toBe('store-prep');
    expect(foot(form)).toBe('Not saved: one field needs a change.');
    form.unmount();
  });

  it('says hold ready orders of 1000 beside its field', async () => {
    const form = opened();
    await form.get('#store-hold').setValue('1000');
    await save(form);
    expect(describedBeside(form, '#store-hold')).toEqual({
      words: 'Hold ready orders must be a whole number of hours, 1 to 720 (30 days).',
      beside: true,
    });
    expect(foot(form)).toBe('Not saved: one field needs a change.');
    form.unmount();
  });

  it('reads "1,000" minutes and "1,200" hours as 1000 and 1200, and says why 1,200 hours is too long', async () => {
    const form = opened();
    await form.get('#store-prep').setValue('1,000');
    await form.get('#store-hold').setValue('1,200');
    await save(form);
    expect(describedBeside(form, '#store-hold').words).toBe(
      'Hold ready orders must be a whole number of hours, 1 to 720 (30 days).',
    );
    await form.get('#store-hold').setValue(' 72 ');
    const calls = fakeService({
      [`PUT ${STORE}`]: [{ body: { resultCode: 'SUCCESS', resultReason: null, store: SETTINGS } }],
    });
    await save(form);
    expect(calls.map((call) => call.body)).toEqual([
      expect.objectContaining({ preparationMinutes: 1000, pickupHoldHours: 72 }),
    ]);
    form.unmount();
  });

  it('refuses "1,5" minutes saying both readings, and 1.5 saying why only whole minutes', async () => {
    const form = opened();
    await form.get('#store-prep').setValue('1,5');
    await save(form);
    expect(describedBeside(form, '#store-prep')).toEqual({
      words:
        'Preparation time "1,5" could mean 1.5 or 15: a comma only separates thousands, three digits at a time ' +
        '(1,250); type 1.5 or 15.',
      beside: true,
    });
    await form.get('#store-prep').setValue('1.5');
    await save(form);
    expect(describedBeside(form, '#store-prep').words).toBe(
      'Preparation time must be a whole number of minutes, not 1.5: a pickup time is promised to the minute.',
    );
    expect((form.get('#store-prep').element as HTMLInputElement).value).toBe('1.5');
    form.unmount();
  });

  it('says a Monday that closes before it opens right under Monday, both its times marked', async () => {
    const form = opened();
    await form.get('#closes-1').setValue('08:00');
    await save(form);
    const sentence = 'On Monday the store must close after it opens, on the same day (12:00 AM closes at midnight).';
    for (const field of ['#opens-1', '#closes-1']) {
      expect(form.get(field).attributes('aria-invalid')).toBe('true');
      expect(form.get(field).attributes('aria-describedby')).toBe('hours-error');
    }
    const said = form.get('#hours-error');
    expect(said.text()).toBe(sentence);
    // Right after Monday's row, before Tuesday's.
    expect(said.element.previousElementSibling?.contains(form.get('#closes-1').element)).toBe(true);
    expect(form.get('#opens-2').attributes('aria-invalid')).toBe('false');
    form.unmount();
  });

  it('says the service’s refusal of the licence beside the licence, what was typed kept', async () => {
    const words = 'licenceNumber may hold only letters, digits, spaces, dashes, dots and slashes';
    const form = opened([refused(400, 'INVALID_INPUT', words)]);
    await form.get('#store-licence').setValue('C10!!');
    await save(form);
    expect(describedBeside(form, '#store-licence')).toEqual({
      words: 'State licence number may hold only letters, digits, spaces, dashes, dots and slashes.',
      beside: true,
    });
    expect((form.get('#store-licence').element as HTMLInputElement).value).toBe('C10!!');
    expect(foot(form)).toBe('Not saved: one field needs a change.');
    form.unmount();
  });

  it('says the service’s refusal of a day’s hours under that day', async () => {
    const form = opened([refused(400, 'INVALID_INPUT', 'openingHours[3].close must be a time such as 21:00')]);
    await save(form);
    expect(form.get('#hours-error').text()).toBe("Wednesday's closing time must be a time such as 21:00.");
    expect(form.get('#closes-3').attributes('aria-describedby')).toBe('hours-error');
    form.unmount();
  });

  it('says a stored card payment over the total beside the most for one payment', async () => {
    const words = 'offlineCards.maxCents ($1,500.00) is over the $1,000.00 all stored payments may add up to';
    const form = opened([refused(400, 'INVALID_INPUT', words)]);
    await save(form);
    const said = form.get('#offline-card-max-refusal');
    expect(said.text()).toBe(
      'The most for one stored card payment ($1,500.00) is over the $1,000.00 all stored payments may add up to.',
    );
    expect(form.get('#offline-card-max').attributes('aria-describedby')).toBe('offline-card-max-refusal');
    expect(foot(form)).toBe('Not saved: one field needs a change.');
    form.unmount();
  });

  it('keeps a refusal of no field it shows whole at the foot', async () => {
    const form = opened([refused(409, 'CONFLICT', 'the store was changed by someone else: read it again')]);
    await save(form);
    expect(foot(form)).toBe('The store was changed by someone else: read it again.');
    expect(form.findAll('.field-error')).toHaveLength(0);
    form.unmount();
  });
});
