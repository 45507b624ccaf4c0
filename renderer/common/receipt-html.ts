import type { ReceiptResponse } from '../../shared/contracts/receipts';
import type { DesktopBridge } from '../../shared/contracts/desktop';
import type { ReceiptDocument, ReceiptLine } from '../../shared/receipt/receipt-document';
import type { Api } from './http';
import { printReceipt } from './print-receipt';

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
    case 'detail':
      return `<p class="detail">${escape(line.text)}</p>`;
    case 'barcode':
      // The print dialog has no barcode font: the value, large, for the eye (a scanner reads the printer's).
      return `<p><strong style="font-size:20px;letter-spacing:2px">${escape(line.value)}</strong></p>`;
    case 'row': {
      // Leading spaces indent a row under the one above (a tax layer under the tax), wrapped or not.
      const label = line.label.trimStart();
      const cell = label === line.label ? '<td>' : '<td class="indent">';
      return `<table><tr${line.strong ? ' class="strong"' : ''}>${cell}${escape(label)}</td><td class="amount">${escape(line.amount)}</td></tr></table>`;
    }
  }
}

/**
 * A receipt or report as a complete HTML document for a 72 mm print area (80 mm paper). Everything
 * shown is escaped.
 */
export function documentHtml(document: ReceiptDocument): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(document.title)}</title>
<style>body{font:13px/1.4 monospace;width:72mm;margin:0 auto}h1{font-size:16px;text-align:center;margin:4px 0}
h2{font-size:13px;margin:4px 0}p{text-align:center;margin:2px 0}p.left{text-align:left}
p.detail{text-align:left;margin:0 0 2px 2ch;font-size:12px;overflow-wrap:anywhere}hr{border:0;border-top:1px dashed #000}
table{width:100%;border-collapse:collapse}td{padding:1px 0;vertical-align:bottom}td.indent{padding-left:2ch}
.amount{text-align:right;white-space:nowrap;padding-left:1ch}.strong td{font-weight:bold}</style></head>
<body>${document.lines.map(lineHtml).join('')}</body></html>`;
}

/**
 * Prints a sale's receipt as the service lays it out (`GET …/orders/<id>/receipt`), silently in the
 * desktop app or through the browser's print dialog. Answers what to tell the person printing.
 */
export async function printSaleReceipt(
  api: Api,
  dispensaryShortName: string,
  orderId: string,
  options: { reprint: boolean; desktop: DesktopBridge | undefined },
): Promise<string> {
  const path = `/v2.0/dispensary/${dispensaryShortName}/orders/${encodeURIComponent(orderId)}/receipt`;
  const { receipt } = await api.get<ReceiptResponse>(options.reprint ? `${path}?reprint=1` : path);
  return printReceipt(documentHtml(receipt), options.desktop);
}
