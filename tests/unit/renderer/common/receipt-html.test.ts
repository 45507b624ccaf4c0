import { describe, expect, it } from 'vitest';
import { CALIFORNIA } from '../../../support/state-profiles.js';
import { documentHtml } from '../../../../renderer/common/receipt-html.js';
import { saleReceipt } from '../../../../shared/receipt/sale-receipt.js';
import { receiptItem, receiptPayment, saleInput } from '../../../fixtures/receipts/sale-input.js';

describe('a receipt as HTML for the print dialog', () => {
  const cash = receiptPayment({
    method: 'Cash',
    tenderedAmount: 12000,
    chargedAmount: 11955,
    changeDue: 45,
    cardLast4: null,
  });
  const input = saleInput({
    store: { ...saleInput().store, name: 'Green Valley & Co', licenceNumber: 'C10-0000123-LIC' },
    items: [receiptItem({ name: 'Granddaddy <Purple>', packageLabel: '1A40603000<b>' })],
    payments: [{ ...cash, cashbackAmount: 0 }, receiptPayment({ status: 'declined' })],
    profile: CALIFORNIA,
    customerType: 'medical',
  });
  const html = documentHtml(saleReceipt(input));

  it('lists lines, totals, the approved payment and the change, escaping what it shows', () => {
    expect(html).toContain('<h1>Green Valley &#38; Co</h1>');
    expect(html).toContain('<strong>Order AB12CD</strong>');
    expect(html).toContain('2 × Granddaddy &#60;Purple&#62;');
    expect(html).toContain('<td>Total</td><td class="amount">$119.55</td>');
    expect(html).toContain('<td>Reward dollars</td><td class="amount">-$1.25</td>');
    expect(html.match(/<td>Cash<\/td>/g)).toHaveLength(1);
    expect(html).toContain('<td>Cash</td><td class="amount">$120.00</td>');
    expect(html).toContain('<td>Change</td><td class="amount">$0.45</td>');
    // The store's time, with its zone, from the one store-time formatter.
    expect(html).toContain('Nov\u00a023,\u00a02026, 10:00\u00a0AM\u00a0PST');
  });

  it('carries the licence, the tag and weight as details, the layers indented and the warning', () => {
    expect(html).toContain('<p>State licence C10-0000123-LIC</p>');
    expect(html).toContain('<p>Customer: medical</p>');
    expect(html).toContain('<p class="detail">Tag 1A40603000&#60;b&#62;</p><p class="detail">7 g cannabis</p>');
    expect(html).toContain('<td class="indent">California cannabis excise tax</td><td class="amount">$14.70</td>');
    expect(html).toContain(`<p class="left">${CALIFORNIA.receiptWarning}</p>`);
  });
});
