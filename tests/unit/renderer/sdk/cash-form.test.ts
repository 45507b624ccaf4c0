// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../renderer/common/http';
import { refusalText } from '../../../../renderer/sdk/widget/refusal-words';
import { cashAtCounter, updated } from './cash-at-counter';

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

describe('cash that is not an amount the drawer can take', () => {
  it.each([
    ['-5', "Cash received can't be negative: type the amount handed over, such as 20 or 20.00."],
    ['abc', 'Type the cash received in dollars and cents, such as 20 or 20.00.'],
    ['20.255', 'Type the cash received to the cent, with at most two decimals, such as 20.25.'],
  ])('"%s" is refused beside the field as it is typed, kept, and never sent', async (typed, reason) => {
    const cash = cashAtCounter();
    await cash.type(typed);
    expect(cash.said()).toBe(reason);
    expect(cash.input.getAttribute('aria-invalid')).toBe('true');
    expect(cash.input.getAttribute('aria-describedby')).toBe('tendered-error');
    expect(cash.change()).toBe('');
    await cash.submit();
    expect(cash.pay).not.toHaveBeenCalled();
    expect(cash.said()).toBe(reason);
    expect(cash.input.value).toBe(typed);
    expect(document.activeElement).toBe(cash.input);
  });

  it('nothing typed, or $0.00, is said when the cash is taken, not while it is on its way', async () => {
    const cash = cashAtCounter();
    await cash.submit();
    expect(cash.said()).toBe('Enter the cash received, such as 20 or 20.00.');
    await cash.type('0.');
    expect(cash.said()).toBe('Cash received must be more than $0.00.');
    await cash.type('0.5');
    expect(cash.said()).toBe('');
    expect(cash.pay).not.toHaveBeenCalled();
  });

  it('the refusal goes once the minus is gone, and the change is shown again', async () => {
    const cash = cashAtCounter();
    await cash.type('-20');
    await cash.type('20');
    expect(cash.said()).toBe('');
    expect(cash.input.getAttribute('aria-invalid')).toBe('false');
    expect(cash.change()).toBe('Change due: $3.64');
  });
});
