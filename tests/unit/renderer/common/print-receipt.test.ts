// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { printReceipt } from '../../../../renderer/common/print-receipt';
import type { DesktopBridge } from '../../../../shared/contracts/desktop';

/** Opens the print dialog of the hidden frame once it has loaded, as the browser does. */
function browserPrinting(): ReturnType<typeof vi.fn> {
  const print = vi.fn();
  const append = document.body.append.bind(document.body);
  vi.spyOn(document.body, 'append').mockImplementation((...nodes) => {
    append(...nodes);
    for (const node of nodes) {
      if (!(node instanceof HTMLIFrameElement)) continue;
      Object.defineProperty(node, 'contentWindow', { value: { print } });
      queueMicrotask(() => node.dispatchEvent(new Event('load')));
    }
  });
  return print;
}

describe('printing a receipt on a register with no receipt printer', () => {
  it('in a browser, says the print dialog opened, not that the printer has it', async () => {
    const print = browserPrinting();
    expect(await printReceipt('<p>Receipt</p>', undefined)).toBe('Opened the print dialog for the receipt.');
    expect(await printReceipt('<p>X report</p>', undefined, 'Report')).toBe('Opened the print dialog for the report.');
    expect(print).toHaveBeenCalledTimes(2);
  });

  it('in the desktop app, prints silently and says whether it printed', async () => {
    const desktop = { printReceipt: vi.fn(async () => ({ printed: true })) } as unknown as DesktopBridge;
    expect(await printReceipt('<p>Receipt</p>', desktop)).toBe('Receipt printed.');
  });
});
