// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { PaymentSession } from '../../../../shared/contracts/payment';
import { ApiError } from '../../../../renderer/common/http';
import { cashForm } from '../../../../renderer/sdk/widget/components/cash-form';
import type { WidgetContext } from '../../../../renderer/sdk/widget/context';
import type { OfferedMethod } from '../../../../renderer/sdk/widget/methods';
import { refusalText } from '../../../../renderer/sdk/widget/refusal-words';
import { createState } from '../../../../renderer/sdk/widget/widget-state';

/** The batched updates of this turn have run (they wait for one microtask). */
const updated = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The cash form of the widget at the POS, for an order with $16.36 due. */
function cashAtCounter() {
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
  return { form, type, said, change, pay };
}

describe('the cash received at the counter', () => {
  it('over the most one amount may be: said in dollars as it is typed, no change shown, nothing sent', async () => {
    const cash = cashAtCounter();
    await cash.type('1000000.01');
    expect(cash.said()).toBe('The cash received must be at most $1,000,000.00.');
    expect(cash.change()).toBe('');
    cash.form.dispatchEvent(new Event('submit'));
    await updated();
    expect(cash.pay).not.toHaveBeenCalled();
  });

  it('the refusal goes once the amount is one the service takes, and the change is shown again', async () => {
    const cash = cashAtCounter();
    await cash.type('1000000.01');
    await cash.type('1000000');
    expect(cash.said()).toBe('');
    expect(cash.change()).toBe('Change due: $999,983.64');
    await cash.type('20');
    expect(cash.change()).toBe('Change due: $3.64');
  });

  it('the service’s own bound on an amount (in cents) is said in dollars', () => {
    const refused = new ApiError(400, 'INVALID_INPUT', 'tenderedAmount must be at most 100,000,000');
    expect(refusalText(refused)).toBe('The cash received must be at most $1,000,000.00.');
    expect(refusalText(new ApiError(400, 'INVALID_INPUT', 'amount must be at least 1'))).toBe(
      'The amount must be at least $0.01.',
    );
  });

  it('the service’s words of an amount in cents (the unit and an example) are said in dollars, without the example', () => {
    const said = (message: string) => refusalText(new ApiError(400, 'INVALID_INPUT', message));
    expect(
      said(
        'tenderedAmount is in cents: a whole number of at most 100,000,000 ($1,000,000.00), such as 2219 for $22.19, not 100000001',
      ),
    ).toBe('The cash received must be at most $1,000,000.00.');
    expect(said('amount is in cents: a whole number of at least 1, such as 2219 for $22.19, not 0')).toBe(
      'The amount must be at least $0.01.',
    );
    expect(said('amount is in cents: a whole number, such as 2219 for $22.19, not the text "3.25"')).toBe(
      'The amount is not a valid amount.',
    );
  });
});
