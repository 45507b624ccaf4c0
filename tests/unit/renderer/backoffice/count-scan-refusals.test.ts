// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CountLine, CountView } from '../../../../shared/contracts/inventory-counts.js';
import CountScanForm from '../../../../renderer/backoffice/components/counts/CountScanForm.vue';
import { useCountsStore } from '../../../../renderer/backoffice/stores/counts.js';
import { fakeService, refused, signedIn, type Answer, type Call } from './fake-service.js';

/**
 * A count's scan form says each refusal under the field it is about (the tag's, or the quantity's),
 * the service's and its own, and only the last entry's: an earlier refusal about another package
 * does not stay on screen beside the next one (issue: an old red banner under a new refusal).
 */
const ENTRIES = '/v2.0/dispensary/demo/setup/inventory/counts/1/entries';
const ok = { resultCode: 'SUCCESS', resultReason: null };
const BLUE_DREAM = '1A4060300003D12000000001';
const TONIC = '1A4060300003D12000000028';
const OUTSIDE =
  'package 1A4060300003D12000000028 (Lemon Ginger Sparkling Tonic (EDI-005), Edibles) is not in Count 1 ' +
  '“Flower room”, which counts Flower';
const view = { countId: 'c1', number: 1, name: 'Flower room', status: 'OPEN' } as CountView;
const counted = {
  packageId: 'k1',
  packageLabel: BLUE_DREAM,
  productName: 'Blue Dream',
  counted: 38,
  expected: 40,
  difference: -2,
  differenceCents: -7000,
  priceCents: 3500,
} as CountLine;

afterEach(() => vi.unstubAllGlobals());

let calls: Call[] = [];
function opened(entries: Answer[]): VueWrapper {
  signedIn(['store:manage']);
  calls = fakeService({ [`POST ${ENTRIES}`]: entries });
  const counts = useCountsStore();
  counts.report = { count: view, lines: [], totals: {} as never } as never;
  return mount(CountScanForm, { global: { plugins: [getActivePinia()!] }, attachTo: document.body });
}
async function scan(form: VueWrapper, tag: string, quantity: string): Promise<void> {
  await form.get('#count-tag').setValue(tag);
  await form.get('#count-quantity').setValue(quantity);
  await form.get('form').trigger('submit');
  await flushPromises();
}
/** The refusals on the form: which field each is under (by its id), and its words. */
const refusals = (form: VueWrapper) =>
  form.findAll('.field-error').map((said) => ({ id: said.attributes('id'), words: said.text() }));

describe('a count’s scan form', () => {
  it('says a package outside the count under its tag, then, for the next package, only why its quantity is refused, under the quantity', async () => {
    const form = opened([refused(400, 'INVALID_INPUT', OUTSIDE)]);
    await scan(form, TONIC, '3');
    expect(refusals(form)).toEqual([
      {
        id: 'count-tag-error',
        words:
          'Package 1A4060300003D12000000028 (Lemon Ginger Sparkling Tonic (EDI-005), Edibles) is not in Count 1 ' +
          '“Flower room”, which counts Flower.',
      },
    ]);
    expect(form.get('#count-tag').attributes('aria-describedby')).toBe('count-tag-error');
    expect(document.activeElement?.id).toBe('count-tag');
    // What was typed stays, to be corrected.
    expect((form.get('#count-tag').element as HTMLInputElement).value).toBe(TONIC);

    await scan(form, BLUE_DREAM, 'abc');
    expect(refusals(form)).toEqual([
      { id: 'count-quantity-error', words: 'Type what is there: a number such as 12 or 3.5.' },
    ]);
    expect(form.get('#count-tag').attributes('aria-invalid')).toBeUndefined();
    expect(form.get('#count-quantity').attributes('aria-invalid')).toBe('true');
    expect(form.get('#count-quantity').attributes('aria-describedby')).toBe('count-quantity-error');
    expect(document.activeElement?.id).toBe('count-quantity');
    form.unmount();
  });

  it('says the service’s refusal of a quantity under the quantity, and nothing once the next entry is kept', async () => {
    const whole = 'quantity must be whole units: Blue Dream (FLW-001) is sold by the unit, not by the gram';
    const form = opened([refused(400, 'INVALID_INPUT', whole), { body: { ...ok, line: counted } }]);
    await scan(form, BLUE_DREAM, '2.5');
    expect(refusals(form)).toEqual([
      {
        id: 'count-quantity-error',
        words: 'Quantity must be whole units: Blue Dream (FLW-001) is sold by the unit, not by the gram.',
      },
    ]);
    expect(document.activeElement?.id).toBe('count-quantity');
    await scan(form, BLUE_DREAM, '38');
    expect(refusals(form)).toEqual([]);
    expect(useCountsStore().message).toBe('Counted 38 of Blue Dream: 40 expected, 2 short.');
    expect((form.get('#count-tag').element as HTMLInputElement).value).toBe('');
    expect(document.activeElement?.id).toBe('count-tag');
    form.unmount();
  });

  it('lists the packages without a tag a SKU names, in the service’s words, and enters the one picked with the quantity typed', async () => {
    const floor =
      'Smell-Proof Stash Jar (ACC-005) on the sales floor, stocked by an adjustment on Dec 1, 2026, 9:00 AM MST';
    const vault = 'Smell-Proof Stash Jar (ACC-005) in the Vault, received on Dec 4, 2026, 2:10 PM MST';
    const ambiguous = {
      ...refused(
        409,
        'CONFLICT',
        `ACC-005 names 2 packages without a state tag in count 1 "Flower room": ${floor}; ${vault}`,
      ),
    };
    (ambiguous.body as { details?: unknown }).details = {
      choices: [
        { id: 'k-floor', words: floor },
        { id: 'k-vault', words: vault },
      ],
    };
    const jar = {
      ...counted,
      packageId: 'k-vault',
      packageLabel: '',
      productName: 'Smell-Proof Stash Jar',
      counted: 11,
      expected: 12,
      difference: -1,
    };
    const form = opened([ambiguous, { body: { ...ok, line: jar } }]);
    await scan(form, 'ACC-005', '11');
    const group = form.get('[role="group"]');
    expect(group.get('#count-choices-lead').text()).toBe(
      'ACC-005 is the code of 2 packages without a state tag. Which one did you count 11 of?',
    );
    expect(group.findAll('button').map((button) => button.text())).toEqual([floor, vault]);
    // The choices stand in the sentence's place (it would say them twice); the first takes the focus.
    expect(refusals(form)).toEqual([]);
    expect(form.get('#count-tag').attributes('aria-describedby')).toBe('count-choices-lead');
    expect(form.get('#count-tag').attributes('aria-invalid')).toBeUndefined();
    expect(document.activeElement?.textContent?.trim()).toBe(floor);

    await group.findAll('button')[1]!.trigger('click');
    await flushPromises();
    expect(calls.map((call) => call.body)).toEqual([
      { package: 'ACC-005', quantity: 11 },
      { package: 'k-vault', quantity: 11 },
    ]);
    expect(form.find('[role="group"]').exists()).toBe(false);
    expect(useCountsStore().message).toBe('Counted 11 of Smell-Proof Stash Jar: 12 expected, 1 short.');
    expect((form.get('#count-tag').element as HTMLInputElement).value).toBe('');
    expect(document.activeElement?.id).toBe('count-tag');
    form.unmount();
  });
});
