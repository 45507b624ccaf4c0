import { describe, expect, it } from 'vitest';
import { MANUAL_DEAL_ID } from '../../../../shared/contracts/manual-discounts.js';
import { ApiError } from '../../../../renderer/common/http.js';
import {
  approvalProblem,
  approvalRefusal,
  discountRefusal,
  draftDiscount,
  draftOf,
  givenWords,
  lineBeforeManual,
  lineManual,
  MANUAL_DEAL,
  manualWords,
  saleManual,
} from '../../../../renderer/pos/logic/manual-discounts.js';
import { storeSavings } from '../../../../renderer/pos/logic/sale-deals.js';
import { displayLines } from '../../../../renderer/pos/logic/sale-view.js';

const view = (productId: string | null, discount: string, reason = 'Damaged package') => ({
  productId,
  percent: 10,
  amount: null,
  reason,
  discount,
  approvedBy: null,
});

const item = (discounts: { dealId: string; name: string; amount: string }[], priceSell = '32.00') => ({
  productId: 'p1',
  priceSell,
  originalPrice: (Number(priceSell) * 100 + discounts.reduce((sum, deal) => sum + Number(deal.amount) * 100, 0)) / 100,
  discountDescription: discounts.map((deal) => deal.name).join('; '),
  discounts,
});

describe('the discount dialog as the cashier types it', () => {
  it('gives a whole percent off a line, or dollars, with the reason trimmed', () => {
    expect(draftDiscount({ kind: 'percent', value: '10', reason: '  Damaged   package ' }, 'p1', 3600)).toEqual({
      ok: true,
      discount: { productId: 'p1', percent: 10, reason: 'Damaged package' },
    });
    expect(draftDiscount({ kind: 'amount', value: '$2.5', reason: 'Price match' }, null, null)).toEqual({
      ok: true,
      discount: { amount: 2.5, reason: 'Price match' },
    });
  });

  it('says why a number or a reason cannot be given, beside its field', () => {
    const refused = (kind: 'percent' | 'amount', value: string, reason = 'Price match', line: number | null = 3600) => {
      const made = draftDiscount({ kind, value, reason }, 'p1', line);
      return made.ok ? null : made.problem;
    };
    expect(refused('percent', '')).toEqual({ field: 'value', sentence: 'Enter the percent off.' });
    expect(refused('percent', '12.5')).toEqual({ field: 'value', sentence: 'Percent off must be a whole number.' });
    expect(refused('percent', '101')).toEqual({ field: 'value', sentence: 'Percent off must be at most 100 %.' });
    expect(refused('percent', '0')).toEqual({ field: 'value', sentence: 'Percent off must be at least 1 %.' });
    expect(refused('amount', '0')).toEqual({ field: 'value', sentence: 'Amount off must be more than $0.00.' });
    expect(refused('amount', '2.505')).toEqual({
      field: 'value',
      sentence: 'Amount off must be a number with at most 2 decimals.',
    });
    expect(refused('amount', '36.01')).toEqual({
      field: 'value',
      sentence: "The amount off must be at most the line's $36.00.",
    });
    expect(refused('amount', '36')).toBeNull();
    expect(refused('percent', '10', '   ')).toEqual({
      field: 'reason',
      sentence: 'Say why: the sale keeps the reason with your name.',
    });
    expect(refused('percent', '10', 'x'.repeat(121))).toEqual({
      field: 'reason',
      sentence: 'A reason is at most 120 characters.',
    });
  });

  it('opens again on a discount given, as it was typed', () => {
    expect(draftOf(undefined)).toEqual({ kind: 'percent', value: '', reason: '' });
    expect(draftOf({ productId: 'p1', percent: 15, reason: 'Price match' })).toEqual({
      kind: 'percent',
      value: '15',
      reason: 'Price match',
    });
    expect(draftOf({ amount: 2.5, reason: 'Customer service' })).toEqual({
      kind: 'amount',
      value: '2.50',
      reason: 'Customer service',
    });
  });

  it("asks for the approving manager and a PIN of 4 to 8 digits, in the cash movements' words", () => {
    expect(approvalProblem('', '4816')).toBe('Pick the manager who approves it.');
    expect(approvalProblem('morgan', '12')).toBe("Enter the manager's PIN: 4 to 8 digits.");
    expect(approvalProblem('morgan', '4816')).toBeNull();
  });
});

describe('manual discounts on the cart', () => {
  it('is the dealId the contract names', () => {
    expect(MANUAL_DEAL).toBe(MANUAL_DEAL_ID);
  });

  it('says each with what the quote says it took off and its reason, or as given before the quote answers', () => {
    const given = { percent: 10, reason: 'Damaged package' };
    expect(manualWords(200, given)).toBe('Manual discount −$2.00 · damaged package');
    expect(manualWords(null, given)).toBe('Manual discount 10 % off · damaged package');
    expect(manualWords(null, { amount: 2, reason: 'POS error' })).toBe('Manual discount $2.00 off · POS error');
    expect(givenWords({ amount: 0.5 })).toBe('$0.50 off');
  });

  it("parts a line's manual discount from its deals: its own, and its share of the whole sale's", () => {
    const line = item([
      { dealId: 'd1', name: 'Wednesday edibles', amount: '3.60' },
      { dealId: MANUAL_DEAL, name: 'Manual discount', amount: '3.70' },
    ]);
    expect(storeSavings(line)).toEqual([{ name: 'Wednesday edibles', amount: 360 }]);
    expect(lineManual(line, [view('p1', '3.20'), view(null, '1.00')])).toEqual({ own: 320, share: 50 });
    expect(lineManual(line, [view(null, '1.00')])).toEqual({ own: null, share: 370 });
    expect(lineManual(item([]), undefined)).toEqual({ own: null, share: 0 });
    expect(saleManual([view('p1', '3.20'), view(null, '1.00')])).toBe(100);
    expect(saleManual([])).toBeNull();
    // An amount off may take the line down to nothing after its deals, never what the deals took.
    expect(lineBeforeManual(line)).toBe(3570);
  });

  it('shows the customer what a manual discount saved under its line, as the deals', () => {
    const sale = {
      items: [
        {
          ...item([{ dealId: MANUAL_DEAL, name: 'Manual discount', amount: '3.60' }]),
          name: 'Blue Dream',
          brand: 'Aurora',
          size: '3.5g',
          unitType: 'g',
          deli: false,
          quantity: 1,
        },
      ],
    } as unknown as Parameters<typeof displayLines>[0];
    expect(displayLines(sale)[0]!.savings).toEqual([{ name: 'Manual discount', amount: 360 }]);
  });
});

describe("the service's refusals of manual discounts", () => {
  const invalid = (detail: string) => new ApiError(400, 'INVALID_INPUT', detail);

  it('puts each beside the field it is about, in words', () => {
    expect(discountRefusal(invalid('an amount off larger than the line (Blue Dream, $32.00)'))).toEqual({
      field: 'value',
      sentence: 'An amount off larger than the line (Blue Dream, $32.00).',
    });
    expect(discountRefusal(invalid('manualDiscounts[1].reason must be 1 to 120 characters'))).toEqual({
      field: 'reason',
      sentence: 'The reason must be 1 to 120 characters.',
    });
    // A refusal of the sale's reward dollars (the balance is short) names them by their label, not their field.
    expect(
      discountRefusal(invalid('rewardDollars of $5.00 need 500 points; Maria has 300 points ($3.00 in reward dollars)'))
        .sentence,
    ).toBe('Reward dollars of $5.00 need 500 points; Maria has 300 points ($3.00 in reward dollars).');
    expect(discountRefusal(new TypeError('fetch failed')).sentence).toBe(
      'The discount could not be priced. Try again.',
    );
  });

  it("knows the refusals asking for a manager's PIN", () => {
    const approval = new ApiError(403, 'APPROVAL_REQUIRED', "that is not Morgan Manager's PIN");
    expect(approvalRefusal(approval)).toBe("That is not Morgan Manager's PIN.");
    expect(approvalRefusal(invalid('give a percent or an amount, not both'))).toBeNull();
    // In the discount's dialog (its quote checks the PIN), beside the PIN's fields; a manager locked too.
    expect(discountRefusal(approval)).toEqual({ field: 'approval', sentence: "That is not Morgan Manager's PIN." });
    const locked = new ApiError(429, 'RATE_LIMITED', 'Morgan Manager is locked after wrong PINs or passwords', 300);
    expect(discountRefusal(locked)).toEqual({
      field: 'approval',
      sentence: 'Morgan Manager is locked after wrong PINs or passwords.',
    });
  });
});
