import type { ReceiptDocument } from '../../../shared/receipt/receipt-document.js';
import { storeStamp } from '../../../shared/store-time.js';
import type { Dispensary } from '../dispensaries/dispensary.js';

/** The test page: which store and register it belongs to, and when it printed. */
export function testPage(dispensary: Dispensary, terminalId: string, at: Date): ReceiptDocument {
  return {
    title: 'Test page',
    lines: [
      { kind: 'title', text: dispensary.name },
      { kind: 'center', text: 'Printer test', strong: true },
      { kind: 'center', text: `Register ${terminalId}` },
      { kind: 'center', text: storeStamp(at, dispensary.timezone) },
      { kind: 'rule' },
      { kind: 'text', text: 'If you can read this, the register prints here.' },
    ],
  };
}
