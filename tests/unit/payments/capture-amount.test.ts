import { describe, expect, it } from 'vitest';
import { captureAmount } from '../../../electron/server/payments/pay/capture-amount.js';

// An ACH authorization is captured, when its order is handed over, for the order's final total:
// its lines may have changed since it was authorized (README "Changing an order's lines").
describe('what an authorization captures', () => {
  const authorized = { amount: 4280, tip: 0, cashback: 0 };

  it('takes the whole authorization when the total did not change', () => {
    expect(captureAmount(4280, 0, authorized)).toEqual({ amount: 4280, charged: 4280 });
  });

  it('takes only the final total when an edit lowered it', () => {
    expect(captureAmount(3010, 0, authorized)).toEqual({ amount: 3010, charged: 3010 });
  });

  it('takes what is left after the money other payments of the order took, its tip on top', () => {
    expect(captureAmount(4280, 500, { amount: 3780, tip: 200, cashback: 0 })).toEqual({ amount: 3780, charged: 3980 });
    expect(captureAmount(3010, 500, { amount: 3780, tip: 200, cashback: 0 })).toEqual({ amount: 2510, charged: 2710 });
  });

  it('never takes more than it authorized', () => {
    expect(captureAmount(5000, 0, authorized)).toEqual({ amount: 4280, charged: 4280 });
  });

  it('has nothing to take when the order is already covered', () => {
    expect(captureAmount(500, 500, authorized)).toBeNull();
    expect(captureAmount(400, 500, authorized)).toBeNull();
  });
});
