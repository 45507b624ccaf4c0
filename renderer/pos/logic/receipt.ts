import type { ReceiptDocument, ReceiptLine } from '../../../shared/receipt/receipt-document';
import { saleReceipt, type SaleReceiptInput } from '../../../shared/receipt/sale-receipt';

/** What a receipt is printed from (the layout is shared with the receipt printer's). */
export type ReceiptInput = SaleReceiptInput;

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function lineHtml(line: ReceiptLine): string {
  switch (line.kind) {
    case 'title':
      return `<h1>${escape(line.text)}</h1>`;
    case 'center':
      return line.strong ? `<p><strong>${escape(line.text)}</strong></p>` : `<p>${escape(line.text)}</p>`;
    case 'heading':
      return `<h2>${escape(line.text)}</h2>`;
    case 'rule':
      return '<hr>';
    case 'text':
      return `<p class="left">${escape(line.text)}</p>`;
    case 'row':
      return `<table><tr${line.strong ? ' class="strong"' : ''}><td>${escape(line.label)}</td><td class="amount">${escape(line.amount)}</td></tr></table>`;
  }
}

/** A receipt or report as a complete HTML document for an 80 mm printer. Everything shown is escaped. */
export function documentHtml(document: ReceiptDocument): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(document.title)}</title>
<style>body{font:13px/1.4 monospace;width:72mm;margin:0 auto}h1{font-size:16px;text-align:center;margin:4px 0}
h2{font-size:13px;margin:4px 0}p{text-align:center;margin:2px 0}p.left{text-align:left}hr{border:0;border-top:1px dashed #000}
table{width:100%;border-collapse:collapse}td{padding:1px 0}.amount{text-align:right;white-space:nowrap}
.strong td{font-weight:bold}</style></head>
<body>${document.lines.map(lineHtml).join('')}</body></html>`;
}

/** A sale's receipt as HTML: store, order number, lines, totals, each approved payment and the change given. */
export function receiptHtml(input: ReceiptInput): string {
  return documentHtml(saleReceipt(input));
}
