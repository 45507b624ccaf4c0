import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptResponse } from '../../../shared/contracts/receipts.js';
import { formatMoney } from '../../../shared/money.js';
import { printedLines, type ReceiptLine } from '../../../shared/receipt/receipt-document.js';
import { storeStamp } from '../../../shared/store-time.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { lineSale, refunded } from '../payments/support/line-sale.js';

// A reprint after a refund by items (README "Refunds by items"): under the refund and its time, the
// items it gave back at what they were worth; whether they went back into stock is not printed.
let service: PaymentHarness;
beforeAll(async () => {
  service = await paymentService();
}, 60_000);
afterAll(() => service.close());

async function reprint(orderId: string): Promise<ReceiptResponse['receipt']> {
  const answer = await service.request({
    method: 'GET',
    url: `/v2.0/dispensary/demo/orders/${orderId}/receipt?reprint=1`,
    headers: { authorization: `Bearer ${service.token}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ReceiptResponse>().receipt;
}

const words = (line: ReceiptLine) => {
  if (line.kind === 'row') return `${line.label}=${line.amount}`;
  if (line.kind === 'rule') return '--';
  return line.kind === 'barcode' ? line.value : line.text;
};

/** The lines from the sale's payment to the rule that closes the money. */
const refundsOf = (lines: string[]) => {
  const from = lines.findIndex((line) => line.startsWith('Cash='));
  return lines.slice(from + 1, lines.indexOf('--', from));
};

describe('a reprint after a refund by items', () => {
  it('lists the items each refund gave back under it, at their worth, and what was paid in the end', async () => {
    const sale = await lineSale(service);
    const papers = await refunded(service, sale.paymentId, {
      lines: [{ itemId: sale.papers.itemId, quantity: 1 }],
      reason: 'Wrong papers',
      restock: true,
    });
    const cash = await refunded(service, sale.paymentId, { amount: 100, reason: 'Goodwill' });
    const flower = await refunded(service, sale.paymentId, { lines: [{ itemId: sale.flower.itemId, quantity: 1 }] });
    const refunds = [papers, cash, flower].map((answer) => answer.refund!);
    const when = (index: number) => storeStamp(refunds[index]!.createdAt, 'America/Los_Angeles');
    const back = refunds.reduce((sum, refund) => sum + refund.amount, 0);

    const receipt = await reprint(sale.orderId);
    expect(refundsOf(receipt.lines.map(words))).toEqual([
      `Refund Cash=${formatMoney(-refunds[0]!.amount)}`,
      when(0),
      `  Returned: 1 × Unbleached Rolling Papers 1 1/4=${formatMoney(refunds[0]!.lines![0]!.amount)}`,
      'Refund Cash=-$1.00',
      when(1),
      `Refund Cash=${formatMoney(-refunds[2]!.amount)}`,
      when(2),
      `  Returned: 1 × Blue Dream=${formatMoney(refunds[2]!.lines![0]!.amount)}`,
      `Paid after refunds=${formatMoney(sale.total - back)}`,
    ]);
    const text = [48, 32].flatMap((columns) => printedLines(receipt, columns).map((line) => line.text));
    expect(text.join('\n')).not.toMatch(/stock/i);
    // On 58 mm paper the papers' line wraps in from the edge, its amount at the right.
    const narrow = printedLines(receipt, 32).map((line) => line.text);
    const at = narrow.indexOf('  Returned: 1 × Unbleached');
    expect(narrow.slice(at, at + 2)).toEqual([
      '  Returned: 1 × Unbleached',
      `  Rolling Papers 1 1/4${formatMoney(refunds[0]!.amount).padStart(32 - 22)}`,
    ]);
  });
});
