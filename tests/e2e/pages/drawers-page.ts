import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** The back office's Drawers screen: open drawers, past shifts, a shift's report and a manager's close. */
export class DrawersPage {
  constructor(readonly page: Page) {}

  /** A register's row among the open drawers. */
  openRow(terminalId: string): Locator {
    return this.page.getByTestId('open-drawers').locator(`tr[data-register="${terminalId}"]`);
  }

  /** A register's rows among the past shifts. */
  pastRows(terminalId: string): Locator {
    return this.page.getByTestId('past-shifts').locator(`tr[data-register="${terminalId}"]`);
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  get report(): Locator {
    return this.page.getByTestId('shift-report');
  }

  async startClose(terminalId: string): Promise<void> {
    await this.openRow(terminalId).getByRole('button', { name: 'Close drawer' }).click();
    await expect(this.dialog.getByRole('heading', { name: `Close register ${terminalId}'s drawer` })).toBeVisible();
  }

  /** Types a count bill by bill: pieces by the label of their field ("$20 bills", "quarters"). */
  async countPieces(pieces: Record<string, number>): Promise<void> {
    await this.dialog.getByLabel('Bill by bill').check();
    for (const [label, count] of Object.entries(pieces)) {
      await this.dialog.getByLabel(label, { exact: true }).fill(String(count));
    }
  }

  /** Exports the report shown and answers the downloaded file's name and text. */
  async exportCsv(): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.report.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    return { name: download.suggestedFilename(), text: await readDownload(download) };
  }
}

async function readDownload(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
