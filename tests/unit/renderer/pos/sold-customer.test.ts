import { describe, expect, it } from 'vitest';
import { soldCustomerRows } from '../../../../renderer/pos/logic/sold-customer.js';

const jordan = { firstName: 'Jordan', lastName: 'Lee', phone: '(916) 555-0134', email: 'jordan.lee@example.com' };

describe('what a paid sale says of its customer and reward dollars', () => {
  it('the contact details it was paid with and the reward dollars the order took', () => {
    expect(soldCustomerRows(jordan, { payByPoints: '-2.00' })).toEqual([
      { label: 'Customer', words: 'Jordan Lee · (916) 555-0134 · jordan.lee@example.com' },
      { label: 'Reward dollars', words: '$2.00' },
    ]);
  });

  it('nothing of a customer whose details were not all typed: none went with the payment', () => {
    expect(soldCustomerRows({ ...jordan, email: ' ' }, { payByPoints: '0.00' })).toEqual([]);
    expect(soldCustomerRows({ ...jordan, phone: '' }, { payByPoints: '-0.50' })).toEqual([
      { label: 'Reward dollars', words: '$0.50' },
    ]);
  });

  it('a customer on file without the name their panel says already', () => {
    expect(soldCustomerRows({ ...jordan, customerId: 'c-1' }, { payByPoints: '0.00' })).toEqual([
      { label: 'Contact', words: '(916) 555-0134 · jordan.lee@example.com' },
    ]);
  });
});
