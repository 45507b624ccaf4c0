// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import CashCountForm from '../../../../renderer/pos/components/CashCountForm.vue';
import { emptyCount, type CountEntry, type CountRow } from '../../../../renderer/pos/logic/cash-count.js';

/**
 * The float counted into the drawer: its total follows every key typed, never the entry before the
 * last key (a cashier reading the total as they type must see what they typed).
 */
const Float = defineComponent(() => {
  const entry = ref<CountEntry>(emptyCount());
  return () =>
    h(CashCountForm, {
      id: 'float',
      totalLabel: 'Float',
      modelValue: entry.value,
      'onUpdate:modelValue': (next: CountEntry) => (entry.value = next),
    });
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Types `keys` one at a time into `field`, as a cashier does, reading the total after each. */
async function typeKeys(form: ReturnType<typeof mount>, field: string, keys: string): Promise<string[]> {
  const input = form.get<HTMLInputElement>(`#${field}`);
  input.element.focus();
  const totals: string[] = [];
  let text = '';
  for (const key of keys) {
    text += key;
    // A key's input event only: the browser's change comes when the field is left.
    input.element.value = text;
    await input.trigger('input');
    totals.push(form.get('[data-testid="float-total"]').text());
  }
  return totals;
}

describe('the float’s total while it is typed', () => {
  it('follows every key of a count of bills', async () => {
    const form = mount(Float, { attachTo: document.body });
    expect(await typeKeys(form, 'float-bill20', '12')).toEqual(['$20.00', '$240.00']);
    form.unmount();
  });

  it('follows every key of one amount', async () => {
    const form = mount(Float, { attachTo: document.body });
    await form.get('button[aria-pressed="false"]').trigger('click');
    expect(await typeKeys(form, 'float-amount', '150')).toEqual(['$1.00', '$15.00', '$150.00']);
    form.unmount();
  });

  it('says why a half-typed entry is refused only after a pause, the total kept meanwhile', async () => {
    const form = mount(Float, { attachTo: document.body });
    expect(await typeKeys(form, 'float-bill20', '3x')).toEqual(['$60.00', '$60.00']);
    expect(form.find('[role="alert"]').exists()).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    expect(form.get('[role="alert"]').text()).toBe('Number of $20 bills must be a number, such as 2.');
    form.unmount();
  });
});

/** The close's count as one amount, with the rows it refuses (v-model:refused) beside it. */
const Close = defineComponent(() => {
  const entry = ref<CountEntry>({ ...emptyCount('amount'), amount: 350 });
  const refused = ref<CountRow[]>([]);
  return () =>
    h('div', [
      h(CashCountForm, {
        id: 'close',
        totalLabel: 'Counted',
        modelValue: entry.value,
        'onUpdate:modelValue': (next: CountEntry) => (entry.value = next),
        refused: refused.value,
        'onUpdate:refused': (rows: CountRow[]) => (refused.value = rows),
      }),
      h('output', { 'data-testid': 'refused' }, refused.value.join(',')),
    ]);
});

describe('a refused amount counted', () => {
  it('stays as typed beside why, left or not, and is no longer refused once a key makes it an amount', async () => {
    const form = mount(Close, { attachTo: document.body });
    const input = form.get<HTMLInputElement>('#close-amount');
    input.element.focus();
    input.element.value = '348.845';
    await input.trigger('input');
    await vi.advanceTimersByTimeAsync(400);
    // Left for the close button: the browser's change keeps what was typed.
    await input.trigger('change');
    expect(input.element.value).toBe('348.845');
    expect(form.get('#close-amount-error').text()).toBe('Amount must be a number with at most 2 decimals.');
    expect(form.get('[data-testid="refused"]').text()).toBe('amount');

    input.element.focus();
    input.element.value = '348.84';
    await input.trigger('input');
    expect(form.find('#close-amount-error').exists()).toBe(false);
    expect(form.get('[data-testid="refused"]').text()).toBe('');
    expect(form.get('[data-testid="close-total"]').text()).toBe('$348.84');
    form.unmount();
  });
});
