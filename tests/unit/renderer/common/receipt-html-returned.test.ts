import { describe, expect, it } from 'vitest';
import { documentHtml } from '../../../../renderer/common/receipt-html.js';
import type { ReceiptLine } from '../../../../shared/receipt/receipt-document.js';

// The print dialog's copy of a receipt after a refund by items: the items it gave back sit in from
// the edge as the refund's time does, each amount in the amount column, as on the printed paper.
// The lines are the service's (tests/unit/printing/receipt-returned-items.test.ts pins them).
const refund: ReceiptLine[] = [
  { kind: 'row', label: 'Refund Cash', amount: '-$10.12' },
  { kind: 'detail', text: 'Nov\u00a024,\u00a02026, 1:12\u00a0PM\u00a0PST' },
  { kind: 'row', label: '  Returned: 1 × Rolling papers', amount: '$3.67' },
  { kind: 'row', label: '  1.5 g Blue Dream', amount: '$6.45' },
  { kind: 'row', label: 'Paid after refunds', amount: '$9.88', strong: true },
];

describe('a receipt’s returned items as HTML for the print dialog', () => {
  it('indents them as the refund’s time, their amounts right', () => {
    expect(documentHtml({ title: 'Receipt AB12CD', lines: refund })).toContain(
      '<table><tr><td>Refund Cash</td><td class="amount">-$10.12</td></tr></table>' +
        '<p class="detail">Nov\u00a024,\u00a02026, 1:12\u00a0PM\u00a0PST</p>' +
        '<table><tr><td class="indent">Returned: 1 × Rolling papers</td><td class="amount">$3.67</td></tr></table>' +
        '<table><tr><td class="indent">1.5 g Blue Dream</td><td class="amount">$6.45</td></tr></table>' +
        '<table><tr class="strong"><td>Paid after refunds</td><td class="amount">$9.88</td></tr></table>',
    );
  });
});
