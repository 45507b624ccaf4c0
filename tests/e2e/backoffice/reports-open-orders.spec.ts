import { ReportsPage } from '../pages/reports-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { storeDay, storeDaysSince } from '../support/store-days.js';
import { orderEndingIn, payInCash } from './orders-for-test.js';

// A store of its own: today's payments are the ones this journey takes.
test.use({ serviceOptions: { args: [], env: {}, own: 'reports-open-orders' } });

test('reports: an online order paid in part today is in the payments as "Paid toward open orders", said in words', async ({
  page,
  service,
  api,
}, testInfo) => {
  // A sale paid in full, and an online order of $….58 paid in cash but its last $0.51.
  const began = storeDay();
  await payInCash(api, await orderEndingIn(api, 10, 1));
  const open = await orderEndingIn(api, 58, 0);
  await payInCash(api, open, -51);
  const part = Math.round(Number(open.total) * 100) - 51;
  const dollars = `$${(part / 100).toFixed(2)}`;

  const { office, reports } = await ReportsPage.opened(page, service.url);
  await reports.choose('Summary');
  await reports.range('Today');
  // To a run that crossed the store's midnight since the payments: from their day to the page's today.
  if (storeDaysSince(began).length > 1) await reports.date('From', began);
  await expect(reports.title).toContainText('Summary');

  const line = reports.table.locator('tbody tr', { hasText: 'Paid toward open orders' });
  await expect(line).toContainText(dollars);
  await expect(reports.table.locator('tbody tr', { hasText: 'Paid on earlier days' })).toHaveCount(0);
  await expect(page.getByTestId('report-apart-note')).toHaveText(
    `${dollars} was paid toward orders not completed the day it was paid ("Paid toward open orders"): it is in ` +
      'the payments, and in the sales on the day each order is completed.',
  );
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'reports-summary-open-orders-1280x800');
});
