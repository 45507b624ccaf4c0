import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memory-storage.js';
import { loadLeft, saveLeft } from '../../../../renderer/pos/logic/left-checkout.js';

describe('the sale a register was paying, kept on its computer', () => {
  it('is kept per register, read back, and forgotten', () => {
    const kept = memoryStorage();
    saveLeft('front-1', { orderId: 'o1', orderNumber: 'AB23CD' }, kept);
    expect(loadLeft('front-1', kept)).toEqual({ orderId: 'o1', orderNumber: 'AB23CD' });
    expect(loadLeft('front-2', kept)).toBeNull();
    saveLeft('front-1', null, kept);
    expect(loadLeft('front-1', kept)).toBeNull();
    expect(kept.kept.size).toBe(0);
  });

  it('reads nothing from what is not one (another version, a hand edit)', () => {
    const kept = memoryStorage();
    for (const text of ['{', '"AB23CD"', '{"orderId":1,"orderNumber":"AB23CD"}', 'null']) {
      kept.setItem('servicepay.pos.checkout.front-1', text);
      expect(loadLeft('front-1', kept)).toBeNull();
    }
  });
});
