import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SetupPage } from '../pages/setup-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO } from '../support/service-api.js';

// Store setup offers the state profiles the service loaded (issue 34, item 3): the shipped ones and
// an operator's, from the folder the service was started with (`--profiles DIR`), each in words.
const colorado = readFileSync(
  new URL('../../../electron/server/core/state-profiles/profiles/us-co.json', import.meta.url),
  'utf8',
);
// A folder of the run's results (every process that loads this file writes the same profile there),
// not a new temporary one each time.
const folder = fileURLToPath(new URL('../../../test-results/e2e-profiles', import.meta.url));
mkdirSync(folder, { recursive: true });
writeFileSync(
  join(folder, 'us-nv.json'),
  JSON.stringify({ ...JSON.parse(colorado), id: 'us-nv', stateCode: 'NV', stateName: 'Nevada' }),
);
test.use({ serviceOptions: { args: ['--profiles', folder], env: {} } });

test("a manager chooses the operator's state profile for the store, its rules shown in words", async ({
  page,
  service,
  api,
}, testInfo) => {
  const setup = new SetupPage(page);
  await setup.open(service.url, 'demo', 'manager', DEMO.users.manager);
  const rules = page.getByLabel('State rules');
  await expect(rules.locator('option')).toHaveText(['None enforced', 'California', 'Colorado', 'Nevada']);
  await rules.selectOption('Nevada');
  await expect(page.getByTestId('profile-rules').getByRole('listitem')).toHaveText([
    'Adult-use, 21 and older: 28 g of flower-equivalent cannabis and no immature plants in each sale.',
    'Medical, 18 and older: 56 g of flower, 8 g of concentrate (2 g under 21) and no immature plants a day; ' +
      "a recommendation's own amounts replace them, up to 224 g of flower, 40 g of concentrate and no immature " +
      "plants (above the state's, set by a manager).",
    'Deals never take a unit of cannabis below $0.01 (a gram, where weighed); tax is on the price after discounts.',
  ]);
  await page.getByRole('button', { name: 'Save store settings' }).click();
  await expect(setup.done).toContainText('Saved.');
  expect(await axeViolations(page)).toEqual([]);
  await setup.screenshot(testInfo, 'setup-state-rules-operator-profile');

  // The service enforces it: the register reads Nevada's rules, whole.
  const answer = await api.call<{ profile: { id: string; stateName: string } }>(
    'GET',
    '/v2.0/dispensary/demo/customers/rules',
    undefined,
    { authorization: `Bearer ${await api.token('cashier')}` },
  );
  expect(answer.profile).toMatchObject({ id: 'us-nv', stateName: 'Nevada' });
});
