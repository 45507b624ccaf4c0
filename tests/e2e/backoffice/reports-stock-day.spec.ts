import { ReportsPage } from '../pages/reports-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { nextDay, previousDay, zonedDate } from '../../../shared/zoned-day.js';
import { DEMO } from '../../../electron/server/demo/demo-catalog.js';
import { cli } from '../../support/service-process.js';
import { oneOf, storeDay } from '../support/store-days.js';

// A store of its own, with days of demo sales before today; the computer's clock in Tokyo, the store's in
// Sacramento: every day and hour the screen says is the store's.
test.use({ serviceOptions: { args: [], env: {}, own: 'reports-stock-day' }, timezoneId: 'Asia/Tokyo' });

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** A store day as the screen says it: "Dec 6", or "Dec 6, 2026" with its year. */
const dayWords = (day: string, withYear = false) => (withYear ? LONG : SHORT).format(new Date(`${day}T12:00:00Z`));

/** The CSV's rows, field by field (no field of these reports holds a comma). */
const csvRows = (text: string) =>
  text
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

test("reports: the stock at a day's end is asked for by day, a day not ended or before the store's records refused beside it; hours said alike in table, chart and CSV", async ({
  page,
  service,
}, testInfo) => {
  // Three days of sales ending yesterday, 10 AM to 8 PM store time: the store's records start with them.
  const made = cli(service.dataDir, 'demo', 'sales', '--days', '3', '--per-day', '4');
  const first = /from (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/.exec(made)![1]!;
  const today = storeDay();
  // A second store of the organization, in Denver, added now: its records start today, its own calendar's.
  const north = ['--name', 'North Store', '--org', DEMO.organizationId, '--timezone', 'America/Denver'];
  const address = ['--street', '1200 Larimer St', '--city', 'Denver', '--state', 'CO', '--zip', '80204'];
  cli(service.dataDir, 'dispensaries', 'add', 'north', ...north, ...address);
  const northToday = zonedDate(new Date(), 'America/Denver');

  const { office, reports } = await ReportsPage.opened(page, service.url);
  await reports.choose('Inventory value');

  // Days, not ranges: today's stock so far, the ends of days gone by.
  await expect(reports.stockAt.locator('option')).toHaveText([
    'Today so far',
    'End of yesterday',
    'End of last week',
    'End of last month',
    'Another day',
  ]);
  await expect(reports.rangeLine).toHaveText(
    oneOf([today, nextDay(today)].map((d) => `Stock so far today (${dayWords(d)})`)),
  );
  await expect(reports.chartCaption).toHaveText(
    /^Inventory at retail by category so far today \(\w{3} \d{1,2}\)\.\s*$/,
  );
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'reports-stock-today-1280x800');

  await reports.stockAt.selectOption({ label: 'End of yesterday' });
  const yesterday = await reports.controls.getByLabel('Date', { exact: true }).inputValue();
  expect([previousDay(today), today]).toContain(yesterday);
  await expect(reports.rangeLine).toHaveText(`Stock at the end of ${dayWords(yesterday)}`);
  await expect(reports.chartCaption).toHaveText(
    `Inventory at retail by category at the end of ${dayWords(yesterday)}.`,
  );
  await expect(reports.table.locator('tfoot tr').first()).toContainText('Total');

  // A day whose end has not come: refused beside it, the day kept as typed, the report still chosen.
  const later = nextDay(nextDay(today));
  await reports.date('Date', later);
  const notYet = `The end of ${dayWords(later, later.slice(0, 4) !== today.slice(0, 4))} has not come yet: choose “Today so far” or an earlier day.`;
  await expect(reports.fieldError('to')).toHaveText(notYet);
  await expect(reports.refused).toHaveText(`No report for this day. ${notYet}`);
  await expect(reports.controls.getByLabel('Date', { exact: true })).toHaveValue(later);
  await expect(reports.controls.getByLabel('Report')).toHaveValue('inventory-value');
  await expect(reports.stockAt).toHaveValue('custom');
  await expect(reports.table).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  await page.setViewportSize({ width: 1024, height: 768 });
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'reports-stock-not-ended-1024x768');

  // A day before the store's records: the service refuses it, said beside it with the day they start.
  await reports.date('Date', previousDay(first));
  const before = `The store’s records start on ${dayWords(first, true)}: choose that day or a later one.`;
  await expect(reports.fieldError('to')).toHaveText(before);
  await expect(reports.refused).toHaveText(`No report for this day. ${before}`);
  await expect(reports.controls.getByLabel('Date', { exact: true })).toHaveValue(previousDay(first));
  await expect(reports.table).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'reports-stock-before-records-1024x768');
  await reports.date('Date', first);
  await expect(reports.fieldError('to')).toHaveCount(0);
  await expect(reports.rangeLine).toHaveText(`Stock at the end of ${dayWords(first)}`);
  await office.screenshot(testInfo, 'reports-stock-end-of-day-1024x768');

  // Sales by hour over the range (kept apart from the stock's day): the store's hours, 10 AM to 8 PM,
  // named alike in the table, the chart's bars and the CSV, the axis saying each hour's start.
  await page.setViewportSize({ width: 1280, height: 800 });
  await reports.choose('Sales by hour');
  await expect(reports.controls.getByLabel('Range').locator('option')).toContainText(['Last 30 days']);
  await reports.range('Last 30 days');
  // The answer of those days, not the one before it.
  const from = await reports.controls.getByLabel('From', { exact: true }).inputValue();
  const to = await reports.controls.getByLabel('To', { exact: true }).inputValue();
  const years = from.slice(0, 4) !== to.slice(0, 4);
  await expect(reports.rangeLine).toHaveText(`${dayWords(from, years)} to ${dayWords(to, years)}`);
  await expect(reports.title).toContainText('Sales by hour');
  const body = reports.table.locator('tbody tr');
  await expect(body.first()).toBeVisible();
  const hours = ['10 AM', '11 AM', '12 PM', '1 PM', '2 PM', '3 PM', '4 PM', '5 PM', '6 PM', '7 PM', '8 PM'];
  const spans = hours.slice(0, -1).map((hour, index) => `${hour}–${hours[index + 1]}`);
  const table = await reports.rows();
  const labels = table.slice(1, 1 + (await body.count())).map((row) => row[0]!.replace(/\u00a0/g, ' '));
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) expect(spans).toContain(label);
  for (const row of await body.all()) {
    const label = (await row.locator('th, td').first().textContent())!.trim();
    const key = String(hours.indexOf(label.replace(/\u00a0/g, ' ').split('–')[0]!) + 10);
    await expect(reports.chart.locator(`[data-bar="${key}"] title`)).toHaveText(new RegExp(`^${label}: \\$`));
  }
  await expect(reports.chart.locator('text.tick', { hasText: /^\s*(12|3|6|9)\s(AM|PM)\s*$/ })).toHaveCount(8);
  await expect(reports.chartCaption).toHaveText(/^Net sales by hour \(hours of the store's day, P[SD]T\), /);
  const csv = await reports.download();
  expect(csvRows(csv.text).map((row) => row[0])).toEqual(table.map((row) => row[0]));
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'reports-by-hour-1280x800');
  await page.setViewportSize({ width: 1024, height: 768 });
  await office.screenshot(testInfo, 'reports-by-hour-1024x768');

  // Every store at the end of yesterday: the Denver store added today has no records of it, so it is left
  // out, named above the table with the day its records start; the store that has records is valued.
  await page.setViewportSize({ width: 1280, height: 800 });
  await reports.choose('Inventory value');
  await reports.store('All stores, side by side');
  await reports.stockAt.selectOption({ label: 'End of yesterday' });
  const ended = await reports.controls.getByLabel('Date', { exact: true }).inputValue();
  await expect(reports.rangeLine).toHaveText(`Stock at the end of ${dayWords(ended)}`);
  await expect(reports.leftOut).toHaveText(
    `Left out: North Store (its records start on ${dayWords(northToday, true)}).`,
  );
  await expect(reports.table.locator('thead th')).toHaveText(['Figure', 'Green Valley Dispensary', 'All stores']);
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'reports-stock-left-out-1280x800');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await office.screenshot(testInfo, 'reports-stock-left-out-1920x1080');
  // Today, both have records (unless the Denver store's day began before Sacramento's): both valued, none left out.
  await reports.stockAt.selectOption({ label: 'Today so far' });
  const shown = await reports.controls.getByLabel('Date', { exact: true }).inputValue();
  const both = northToday <= shown;
  await expect(reports.table.locator('thead th')).toHaveText([
    'Figure',
    'Green Valley Dispensary',
    ...(both ? ['North Store'] : []),
    'All stores',
  ]);
  await expect(reports.leftOut).toHaveCount(both ? 0 : 1);
});
