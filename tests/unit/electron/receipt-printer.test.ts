import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fake, FakeBrowserWindow } from '../../support/fake-electron.js';

vi.mock('electron', () => import('../../support/fake-electron.js'));

const { printReceipt } = await import('../../../electron/app/windows/receipt-printer.js');

const receipt = '<!doctype html><title>Receipt</title><p>Order 7KQ2XM · $42.10</p>';

describe('printReceipt', () => {
  beforeEach(() => fake.reset());

  it('prints the document silently from a hidden, script-less window and closes it', async () => {
    await expect(printReceipt(receipt)).resolves.toEqual({ printed: true });
    const [win] = fake.windows;
    expect(win!.options).toMatchObject({ show: false, webPreferences: { javascript: false, sandbox: true } });
    expect(win!.visible).toBe(false);
    expect(decodeURIComponent(win!.loadedUrl.replace('data:text/html;charset=utf-8,', ''))).toBe(receipt);
    expect(fake.log).toEqual(['window:create', 'window:load', 'print', 'window:closed']);
  });

  it('reports why it did not print', async () => {
    fake.print = { success: false, failureReason: 'Print job canceled' };
    await expect(printReceipt(receipt)).resolves.toEqual({ printed: false, error: 'Print job canceled' });
    fake.print = { success: false, failureReason: '' };
    await expect(printReceipt(receipt)).resolves.toEqual({ printed: false, error: 'the receipt was not printed' });
    expect(FakeBrowserWindow.getAllWindows()).toEqual([]);
  });

  it('reports a document that cannot load, and still closes the window', async () => {
    fake.loadFails = true;
    await expect(printReceipt(receipt)).resolves.toEqual({ printed: false, error: 'ERR_CONNECTION_REFUSED' });
    expect(FakeBrowserWindow.getAllWindows()).toEqual([]);
  });

  it('the receipt window cannot navigate or open windows', async () => {
    fake.print = { success: true, failureReason: '' };
    const printing = printReceipt(receipt);
    const [win] = fake.windows;
    expect(win!.webContents.navigate('https://evil.example/')).toBe(false);
    expect(win!.webContents.windowOpenHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    await printing;
  });
});
