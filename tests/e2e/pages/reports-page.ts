import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { BackOfficePage } from './backoffice-page.js';

/** Back office → Reports: the choices, the answer's figures, chart and table, CSV and print. */
export class ReportsPage {
  constructor(readonly page: Page) {}

  /** The back office at 1280×800, signed in as the demo manager, on Reports: its page and this one. */
  static async opened(page: Page, url: string): Promise<{ office: BackOfficePage; reports: ReportsPage }> {
    const office = await BackOfficePage.signedIn(page, url);
    const reports = new ReportsPage(page);
    await reports.show();
    return { office, reports };
  }

  async show(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Back office' }).getByRole('button', { name: 'Reports' }).click();
    await expect(this.page.getByRole('heading', { level: 2, name: 'Reports' })).toBeVisible();
  }

  get controls(): Locator {
    return this.page.getByRole('form', { name: 'Choose the report' });
  }

  async choose(report: string): Promise<void> {
    await this.controls.getByLabel('Report').selectOption({ label: report });
  }

  async range(preset: string): Promise<void> {
    await this.controls.getByLabel('Range').selectOption({ label: preset });
  }

  /** The day of the stock at a day's end (inventory value): "Today so far", "End of yesterday", …. */
  get stockAt(): Locator {
    return this.controls.getByLabel('Stock at');
  }

  /** Types a date (From or To of a range, the Date of the stock's day) as a manager does, then leaves the field. */
  async date(field: 'From' | 'To' | 'Date', day: string): Promise<void> {
    await this.controls.getByLabel(field, { exact: true }).fill(day);
  }

  async store(name: string): Promise<void> {
    await this.controls.getByLabel('Store').selectOption({ label: name });
  }

  /** The stores the picker offers, in its order. */
  get storeChoices(): Locator {
    return this.controls.getByLabel('Store').locator('option');
  }

  async compare(on = true): Promise<void> {
    await this.controls.getByLabel('Compare with the previous period').setChecked(on);
  }

  /** A date's refusal, beside it. */
  fieldError(field: 'from' | 'to'): Locator {
    return this.controls.locator(`[data-field-error="${field}"]`);
  }

  /** Why there is no report for the dates typed, in the report's place. */
  get refused(): Locator {
    return this.page.getByTestId('report-refused');
  }

  /** The stores the stock across stores leaves out (their records start after its day), in words. */
  get leftOut(): Locator {
    return this.page.getByTestId('report-left-out');
  }

  get title(): Locator {
    return this.page.getByTestId('report-title');
  }

  get rangeLine(): Locator {
    return this.page.getByTestId('report-range');
  }

  get asOf(): Locator {
    return this.page.getByTestId('report-as-of');
  }

  get empty(): Locator {
    return this.page.getByTestId('report-empty');
  }

  get table(): Locator {
    return this.page.getByTestId('report-table');
  }

  get chart(): Locator {
    return this.page.getByTestId('report-chart');
  }

  /** The chart's caption, a sentence under it. */
  get chartCaption(): Locator {
    return this.chart.locator('figcaption');
  }

  /** The table as people read it: its header, then every row of its body and foot, cell by cell. */
  async rows(): Promise<string[][]> {
    return this.table.locator('tr').evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => {
          const words = cell.querySelector('.cell-words');
          return (words ?? cell).textContent?.trim() ?? '';
        }),
      ),
    );
  }

  /** Downloads the CSV: the file's name and its text. */
  async download(): Promise<{ name: string; text: string }> {
    const downloaded = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Download CSV' }).click();
    const file: Download = await downloaded;
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }
}
