import { describe, expect, it } from 'vitest';
import { offTheCartWords } from '../../../../renderer/pos/logic/off-the-cart.js';

describe('what clearing a sale takes off the cart, in words', () => {
  it('says one item in the singular, the total once priced, and the customer', () => {
    expect(offTheCartWords(1, null, '')).toBe('1 item comes off the cart');
    expect(offTheCartWords(2, 3456, 'Maria Garcia')).toBe(
      '2 items ($34.56) come off the cart, and Maria Garcia with them',
    );
  });
});
