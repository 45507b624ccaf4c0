import { formatMoney } from '../../../shared/money.js';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { DrawersPage } from '../pages/drawers-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { openDrawer, piecesOf, replaceMachine, sellForCash, signInAt, type TestRegister } from './drawers-for-test.js';

// A store of its own: replacing a register's machine attaches (enrols) registers, which no other
// file's store must find (the Registers screen starts with none).
test.use({ serviceOptions: { args: [], env: {}, own: 'drawer-late-count' } });

const FLOAT = 10_000;

/** A register whose drawer, holding a cash sale, the service closed as replaced: what that drawer should hold. */
async function replacedDrawer(api: Parameters<typeof openDrawer>[0], register: TestRegister): Promise<number> {
  await openDrawer(api, register, FLOAT);
  const sale = await sellForCash(api, register, 0);
  await replaceMachine(api, register);
  return FLOAT + sale;
}

test('drawers: a manager counts the drawer of a shift closed as replaced, and it reads counted late', async ({
  page,
  service,
  api,
}, testInfo) => {
  const register = await signInAt(api, `e2e-${crypto.randomUUID().slice(0, 8)}`);
  const expected = await replacedDrawer(api, register);

  await page.setViewportSize({ width: 1280, height: 800 });
  const office = new BackOfficePage(page);
  const drawers = new DrawersPage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Drawers');
  await page.getByLabel('Register').selectOption(register.terminalId);
  // Two shifts: the new machine's, still open, is not among the past ones.
  const past = drawers.pastRows(register.terminalId);
  await expect(past).toHaveCount(1);
  await expect(past.getByTestId('over-short')).toHaveText('not counted');
  await expect(past).toContainText(formatMoney(expected));
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-replaced-not-counted-1280');
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(past.getByRole('button', { name: /^Enter count/ })).toBeInViewport();
  await office.screenshot(testInfo, 'backoffice-replaced-not-counted-1024');

  // Its report says why it has no count, and offers it.
  await past.getByRole('button', { name: /^Replaced/ }).click();
  const report = drawers.report;
  await expect(report.getByRole('heading', { level: 3 })).toHaveText(
    `Closed, not counted · register ${register.terminalId}`,
  );
  await expect(report.getByTestId('report-not-counted')).toContainText('Count the cash left in its drawer');
  await office.screenshot(testInfo, 'backoffice-replaced-report-1024');
  await report.getByRole('button', { name: 'Enter its count' }).click();

  // The count, bill by bill, $5.00 short, refused while empty, read against what the drawer should hold.
  const dialog = drawers.dialog;
  await expect(
    dialog.getByRole('heading', { name: `Count register ${register.terminalId}'s replaced drawer` }),
  ).toBeVisible();
  await expect(dialog).toContainText(`Its drawer should hold ${formatMoney(expected)}.`);
  await dialog.getByRole('button', { name: 'Review the count' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter the cash counted in the drawer, such as 195.50.');
  const counted = expected - 500;
  await drawers.countPieces(piecesOf(counted));
  await expect(dialog.getByTestId('count-total')).toHaveText(formatMoney(counted));
  await office.screenshot(testInfo, 'backoffice-late-count-1024');
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.screenshot(testInfo, 'backoffice-late-count-1280');
  await dialog.getByRole('button', { name: 'Review the count' }).click();
  await expect(dialog.getByTestId('late-count-summary')).toHaveText(
    `Counted ${formatMoney(counted)}, $5.00 short. Keeping it is final: the count stays on this shift with your ` +
      'name; a replaced shift takes no Z number.',
  );
  await dialog.getByRole('button', { name: 'Keep this count' }).click();
  await expect(dialog).toHaveCount(0);

  // Its report now: counted late, by whom, against what it should hold, with no Z number.
  await expect(report.getByRole('heading', { level: 3 })).toHaveText(
    `Replaced, counted late · register ${register.terminalId}`,
  );
  await expect(page.getByRole('status')).toHaveText(
    `The count of register ${register.terminalId}'s replaced drawer is kept: ${formatMoney(counted)}, $5.00 short.`,
  );
  await expect(report.getByTestId('report-counted-late')).toContainText('by Morgan Manager');
  await expect(report.getByTestId('report-expected')).toHaveText(formatMoney(expected));
  await expect(report.getByTestId('report-counted')).toHaveText(formatMoney(counted));
  await expect(report.getByTestId('report-over-short')).toHaveText('$5.00 short');
  await expect(report.getByRole('button', { name: 'Enter its count' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-counted-late-report-1280');
  await page.setViewportSize({ width: 1024, height: 768 });
  await office.screenshot(testInfo, 'backoffice-counted-late-report-1024');
  const csv = await drawers.exportCsv();
  expect(csv.text.split('\r\n')).toContainEqual(expect.stringMatching(/^Shift,Counted late,,,Morgan Manager,/));

  // Among the past shifts: short, counted late, and nothing left to count.
  await report.getByRole('button', { name: '← All drawers' }).click();
  await expect(past.getByTestId('over-short')).toHaveText('$5.00 short counted late');
  await expect(past.getByRole('button', { name: /^Enter count/ })).toHaveCount(0);
  await expect(past).toContainText(formatMoney(counted));
  await office.screenshot(testInfo, 'backoffice-counted-late-1024');
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.screenshot(testInfo, 'backoffice-counted-late-1280');
});

test('drawers: a count of a replaced drawer someone counted meanwhile is refused, naming theirs', async ({
  page,
  service,
  api,
}, testInfo) => {
  const register = await signInAt(api, `e2e-${crypto.randomUUID().slice(0, 8)}`);
  const expected = await replacedDrawer(api, register);
  const office = new BackOfficePage(page);
  const drawers = new DrawersPage(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.open(service.url);
  await office.login();
  await office.show('Drawers');
  await page.getByLabel('Register').selectOption(register.terminalId);
  const past = drawers.pastRows(register.terminalId);
  await past.getByRole('button', { name: /^Enter count/ }).click();
  await drawers.dialog.getByLabel('Counted cash').fill((expected / 100).toFixed(2));
  await drawers.dialog.getByRole('button', { name: 'Review the count' }).click();
  await expect(drawers.dialog.getByTestId('late-count-summary')).toContainText('balanced');
  // Meanwhile the admin counts it from another screen.
  const shiftId = await past.getAttribute('data-shift');
  await api.call(
    'POST',
    `/v2.0/dispensary/demo/drawers/${register.terminalId}/shifts/${shiftId}/count`,
    JSON.stringify({ amount: expected - 100 }),
    { authorization: `Bearer ${await api.token('admin')}`, 'content-type': 'application/json' },
  );
  await drawers.dialog.getByRole('button', { name: 'Keep this count' }).click();
  await expect(drawers.dialog.getByRole('alert')).toContainText(`was counted already, by Alex Admin on `);
  await expect(drawers.dialog.getByRole('alert')).toContainText(`(${formatMoney(expected - 100)}, $1.00 short)`);
  await expect(drawers.dialog.getByRole('button', { name: 'Keep this count' })).toHaveCount(0);
  await office.screenshot(testInfo, 'backoffice-late-count-refused-1280');
  await drawers.dialog.getByRole('button', { name: 'Back to the drawers' }).click();
  await expect(past.getByTestId('over-short')).toHaveText('$1.00 short counted late');
});
