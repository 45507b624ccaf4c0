import { ReportsPage } from '../pages/reports-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import type { ServiceApi } from '../support/service-api.js';
import { MARGIN_WORDS } from '../../../shared/reports/margin-words.js';
import { nextDay } from '../../../shared/zoned-day.js';
import { cli } from '../../support/service-process.js';
import { oneOf, storeDay, storeDaysSince } from '../support/store-days.js';
import { payInCash } from './orders-for-test.js';

// A store of its own: its sales this month are the ones this journey makes, and the store it adds stays there.
test.use({ serviceOptions: { args: [], env: {}, own: 'reports' } });

/** A sale of one of the demo's products of `type` through the ticket API, paid in cash at a register. */
async function sell(api: ServiceApi, type: string, index = 0): Promise<void> {
  const product = (await api.products(type)).filter((item) => !item.deli)[index]!;
  await payInCash(api, await api.createTicket([{ productId: product.productId, quantity: 1 }]));
}

/** The CSV's rows (RFC 4180: quoted fields may hold commas and doubled quotes). */
function csvRows(text: string): string[][] {
  return text
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
        .slice(0, -1)
        .map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')),
    );
}

/** A table cell as the CSV writes it: "$1,234.50" → "1234.50", "1,234" → "1234". */
const asCsv = (cell: string) => (/^-?\$?[\d,]+(\.\d+)?$/.test(cell) ? cell.replace(/[$,]/g, '') : cell);

test('reports: a manager reads this month by category, compares it, downloads its CSV, sees the tax report and every store side by side', async ({
  page,
  service,
  api,
}, testInfo) => {
  await sell(api, 'EDIBLE', 0);
  await sell(api, 'EDIBLE', 1);
  await sell(api, 'PREROLL', 0);
  const today = storeDay();
  // The page's own today is the next day, to a run that crosses the store's midnight after this one.
  const firstOf = (day: string) => `${day.slice(0, 8)}01`;
  const days = () => storeDaysSince(today);

  const { office, reports } = await ReportsPage.opened(page, service.url);

  // This month by category: three sales in two categories, read as of now.
  await reports.choose('Sales by category');
  await expect(reports.title).toContainText('Sales by category');
  // The store's zone is named, as every screen names it.
  await expect(reports.asOf).toHaveText(/^As of \d{1,2}:\d{2}\s(AM|PM)\sP[SD]T\b/);
  const body = reports.table.locator('tbody tr');
  await expect(body).toHaveCount(2);
  await expect(reports.table.locator('tfoot tr').first()).toContainText('Total');
  await expect(reports.chart).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'reports-by-category-1280x800');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await office.screenshot(testInfo, 'reports-by-category-1920x1080');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Compared with the previous period: nothing sold then, so each category is new.
  await reports.compare();
  await expect(reports.table.locator('thead')).toContainText('Net, previous period');
  await expect(reports.rangeLine).toContainText('compared with');
  await expect(body.first().locator('td').last()).toContainText('New');
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'reports-by-category-compared-1280x800');

  // The CSV has the table's rows, money as dollars with two decimals.
  const csv = await reports.download();
  expect(csv.name).toMatch(
    oneOf(
      days().map((day) =>
        day === firstOf(day)
          ? `demo-sales-by-category-${day}.csv`
          : `demo-sales-by-category-${firstOf(day)}-to-${day}.csv`,
      ),
    ),
  );
  const table = await reports.rows();
  expect(csvRows(csv.text)).toEqual(table.map((row) => row.map(asCsv)));
  expect(csvRows(csv.text)[0]).toEqual([
    'Category',
    'Sales',
    'Gross',
    'Discounts',
    'Returns',
    'Net',
    'Tax',
    'Net, previous period',
    'Change',
  ]);

  // Tomorrow, compared with today: no sales yet, and today's figures still stand beside its zeros.
  const tomorrow = nextDay(today);
  await reports.date('To', tomorrow);
  await reports.date('From', tomorrow);
  await expect(reports.empty).toContainText('No sales');
  const net = page.locator('.report-figures [data-figure="Net sales"]');
  await expect(net).toContainText('$0.00');
  await expect(net).toContainText('vs $');
  await office.screenshot(testInfo, 'reports-empty-compared-1280x800');
  await reports.range('This month');
  await expect(body).toHaveCount(2);

  // An end before its start is refused beside it, the dates kept as typed: this month's figures and
  // their CSV are not offered as the answer to them, the report's place says why there is none.
  await reports.date('To', '2020-01-01');
  await expect(reports.fieldError('to')).toContainText('The last day cannot be before the first');
  await expect(reports.controls.getByLabel('From', { exact: true })).toHaveValue(oneOf(days().map(firstOf)));
  await expect(reports.controls.getByLabel('To', { exact: true })).toHaveValue('2020-01-01');
  await expect(reports.refused).toHaveText(/^No report for these dates\. The last day cannot be before the first/);
  await expect(reports.title).toHaveCount(0);
  await expect(reports.table).toHaveCount(0);
  await expect(page.locator('.report-figures')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'reports-refused-1280x800');
  // Over 366 days: refused alike.
  await reports.date('From', '2020-01-02');
  await reports.date('To', today);
  await expect(reports.fieldError('to')).toContainText('A report covers 366 days at most');
  await expect(reports.refused).toContainText('A report covers 366 days at most');
  await expect(reports.table).toHaveCount(0);
  await reports.range('This month');
  await expect(reports.fieldError('to')).toHaveCount(0);
  await expect(reports.refused).toHaveCount(0);
  await expect(body).toHaveCount(2);

  // The margin: after returns, as the net sales beside it, and the screen says so in the CLI's words.
  await reports.choose('Margin');
  await expect(reports.title).toContainText('Margin');
  await expect(page.getByTestId('report-basis-note')).toHaveText(MARGIN_WORDS);
  await expect(page.locator('.report-figures [data-figure="Net sales without a known cost"]')).toBeVisible();
  await office.screenshot(testInfo, 'reports-margin-1280x800');

  // The tax report: this month's tax owed by layer (collected less refunded), a bar for the month.
  await reports.choose('Tax');
  await expect(reports.title).toContainText('Tax');
  await expect(reports.table.locator('thead')).toContainText('Collected');
  await expect(reports.table.locator('thead')).toContainText('Owed');
  await expect(reports.table.locator('tbody tr')).toHaveCount(1);
  await expect(reports.table.locator('tfoot tr').first().locator('td').last()).toHaveText(/^\$\d[\d,]*\.\d\d$/);
  await page.setViewportSize({ width: 1024, height: 768 });
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'reports-tax-1024x768');

  // A second store of the organization: the organization's manager sees both side by side, and their total.
  const organizationId = await api.organizationId();
  const address = ['--street', '1200 Larimer St', '--city', 'Denver', '--state', 'CO', '--zip', '80204'];
  cli(
    service.dataDir,
    'dispensaries',
    'add',
    'mesa-north',
    '--org',
    organizationId,
    '--name',
    'Mesa North',
    '--timezone',
    'America/Denver',
    ...address,
  );
  // The screen opened again: the organization's manager may pick either store from the start.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await reports.show();
  await expect(reports.storeChoices).toHaveText(['Green Valley Dispensary', 'Mesa North', 'All stores, side by side']);
  await reports.choose('Sales by category');
  await reports.store('Mesa North');
  await expect(reports.title).toContainText('Sales by category · Mesa North');
  await reports.store('All stores, side by side');
  await expect(reports.title).toContainText('All stores');
  await expect(reports.table.locator('thead')).toContainText('Mesa North');
  await expect(reports.table.locator('thead')).toContainText('All stores');
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'reports-all-stores-1280x800');
});
