import { describe, expect, it } from 'vitest';
import { codeOutcomes, type DealNow } from '../../../electron/server/tickets/code-outcomes.js';
import { MANUAL_DEAL_ID } from '../../../shared/deals/line-discounts.js';

// What each code typed took off an order sold earlier, told from its lines' deal discounts and the
// store's deals now; the integration test (tickets/order-history-codes) reads it through the service.
const took = (dealId: string, name: string, amountCents: number) => ({ dealId, name, amountCents });
const now = (id: string, code: string | null, trigger = 'code', changedSince = false): DealNow => ({
  id,
  code,
  trigger,
  changedSince,
});
const notApplied = (code: string) => ({ code, outcome: 'not_applied', amount: 0, deals: [] });

describe('the codes of an order sold earlier', () => {
  it('adds up what a code’s deal took off every line, under the name the lines keep', () => {
    const lines = [took('s', 'Spring 20 %', 400), took('w', 'Wednesday edibles', 360), took('s', 'Spring 20 %', 120)];
    const deals = [now('s', 'SPRING20', 'code', true), now('w', null, 'automatic')];
    expect(codeOutcomes(['SPRING20', 'WELCOME'], lines, deals)).toEqual([
      { code: 'SPRING20', outcome: 'applied', amount: 520, deals: ['Spring 20 %'] },
      notApplied('WELCOME'),
    ]);
  });

  it('never takes a discount by hand, or an automatic deal changed since, for a code’s', () => {
    const lines = [took(MANUAL_DEAL_ID, 'Damaged box', 200), took('w', 'Wednesday edibles', 360)];
    expect(codeOutcomes(['WELCOME'], lines, [now('w', null, 'automatic', true)])).toEqual([notApplied('WELCOME')]);
  });

  it('gives a code deal whose code changed since to the one code left, and says not known between two', () => {
    const lines = [took('s', 'Spring 20 %', 400)];
    const renamed = [now('s', 'SPRING25', 'code', true)];
    expect(codeOutcomes(['SPRING20'], lines, renamed)).toEqual([
      { code: 'SPRING20', outcome: 'applied', amount: 400, deals: ['Spring 20 %'] },
    ]);
    expect(codeOutcomes(['SPRING20', 'WELCOME'], lines, renamed)).toEqual([
      { code: 'SPRING20', outcome: 'unknown', amount: 0, deals: ['Spring 20 %'] },
      { code: 'WELCOME', outcome: 'unknown', amount: 0, deals: ['Spring 20 %'] },
    ]);
  });

  it('says a code held since before the sale by a deal that took nothing did not apply, one given since is not known', () => {
    const lines = [took('s', 'Spring 20 %', 400), took('x', 'Gone', 100)];
    const deals = [now('s', null), now('e', 'EDIBLE5'), now('n', 'NEW10', 'code', true)];
    // Two code deals of the sale are told by no code now (one archived, one no longer found).
    expect(codeOutcomes(['EDIBLE5', 'NEW10'], lines, deals)).toEqual([
      notApplied('EDIBLE5'),
      { code: 'NEW10', outcome: 'unknown', amount: 0, deals: ['Spring 20 %', 'Gone'] },
    ]);
  });
});
