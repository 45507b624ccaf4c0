import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_RETURN_REASON,
  DEFAULT_ADJUSTMENT_REASONS,
  findReason,
  listedReasons,
  reasonName,
} from '../../../shared/inventory/adjustment-reasons.js';

describe('the reasons a store’s adjustments are listed by', () => {
  it('are the store’s own, then the service’s "Returned by customer"', () => {
    const listed = listedReasons(DEFAULT_ADJUSTMENT_REASONS);
    expect(listed.map((reason) => reason.code)).toEqual([
      ...DEFAULT_ADJUSTMENT_REASONS.map((reason) => reason.code),
      'customer_return',
    ]);
    expect(listed.at(-1)).toEqual({ code: 'customer_return', name: 'Returned by customer' });
  });

  it('keep a state’s own words for a code it names itself, once', () => {
    const state = [
      { code: 'customer_return', name: 'Customer return (state)', stateReason: 'Return', noteRequired: false },
    ];
    expect(listedReasons(state)).toEqual(state);
    expect(reasonName(state, 'customer_return')).toBe('Customer return (state)');
  });

  it('name a return in words and find it as people write it; a retired code reads as itself', () => {
    expect(reasonName(DEFAULT_ADJUSTMENT_REASONS, CUSTOMER_RETURN_REASON.code)).toBe('Returned by customer');
    expect(findReason(listedReasons(DEFAULT_ADJUSTMENT_REASONS), 'Customer-Return')?.code).toBe('customer_return');
    expect(reasonName(DEFAULT_ADJUSTMENT_REASONS, 'moisture')).toBe('moisture');
  });

  it('are never offered to adjust stock by hand', () => {
    expect(findReason(DEFAULT_ADJUSTMENT_REASONS, 'customer_return')).toBeUndefined();
  });
});
