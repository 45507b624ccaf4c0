import { vi } from 'vitest';
import type { PaymentSession } from '../../../../shared/contracts/payment';
import { cashForm } from '../../../../renderer/sdk/widget/components/cash-form';
import type { WidgetContext } from '../../../../renderer/sdk/widget/context';
import type { OfferedMethod } from '../../../../renderer/sdk/widget/methods';
import { createState } from '../../../../renderer/sdk/widget/widget-state';

/** The batched updates of this turn have run (they wait for one microtask). */
export const updated = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The cash form of the widget at the POS, for an order with $16.36 due. */
export function cashAtCounter() {
  const state = createState();
  state.session = { amountDue: 1636, amountPaid: 0, pending: null } as unknown as PaymentSession;
  const pay = vi.fn(async () => undefined);
  const context = { state, controller: { pay, backToChoice: vi.fn() }, bridge: {} } as unknown as WidgetContext;
  const form = cashForm(context, { paymentMethod: 'Cash', label: 'Cash' } as OfferedMethod);
  document.body.replaceChildren(form);
  const input = form.querySelector<HTMLInputElement>('#tendered')!;
  const type = async (text: string) => {
    input.value = text;
    input.dispatchEvent(new Event('input'));
    await updated();
  };
  const said = () => form.querySelector('#tendered-error')?.textContent ?? '';
  const change = () => form.querySelector('.change')?.textContent ?? '';
  const take = form.querySelector<HTMLButtonElement>('.actions button[type="submit"]')!;
  const asked = () => form.querySelector('.short-cash')?.textContent ?? '';
  const submit = async () => {
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await updated();
  };
  return { form, input, type, said, change, take, asked, submit, pay };
}
