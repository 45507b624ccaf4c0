import { writeFileSync } from 'node:fs';
import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { cli, cliWithInput } from '../../support/service-process.js';

/**
 * A store set up from nothing with the CLI, as the README's "Setting up a store" does — its own
 * organization, taxes, processor, methods, PIN pad, cashier and catalog — sells at its register.
 */
test('a store set up from nothing with the servicepay command sells at its register', async ({
  page,
  service,
}, testInfo) => {
  const data = service.dataDir;
  const organizationId = JSON.parse(cli(data, '--json', 'orgs', 'add', 'Mesa Verde Cannabis Co.')).id as string;
  cli(
    data,
    'dispensaries',
    'add',
    'mesa-pos',
    '--org',
    organizationId,
    '--name',
    'Mesa Verde Dispensary',
    '--timezone',
    'America/Denver',
    '--street',
    '1200 Larimer St',
    '--city',
    'Denver',
    '--state',
    'CO',
    '--zip',
    '80204',
    '--hours',
    '00:00-24:00',
  );
  cli(
    data,
    'taxes',
    'add',
    'cannabis',
    '--dispensary',
    'mesa-pos',
    '--name',
    'Cannabis',
    '--rate',
    'State marijuana tax=15',
    '--rate',
    'Denver sales tax=4.81',
    '--rate',
    'Denver marijuana tax=5.5',
  );
  cli(data, 'processors', 'add', 'sandbox', '--org', organizationId, '--default');
  cli(data, 'methods', 'enable', 'Credit', 'Cash', '--dispensary', 'mesa-pos', '--processor', 'sandbox');
  cli(
    data,
    'devices',
    'add',
    'Front counter',
    '--dispensary',
    'mesa-pos',
    '--processor',
    'sandbox',
    '--model',
    'Verifone P400',
    '--serial',
    'MESA-POS-1',
  );
  cliWithInput(
    data,
    'sam-cashier-01',
    'users',
    'add',
    'sam-pos',
    '--role',
    'cashier',
    '--dispensary',
    'mesa-pos',
    '--display-name',
    'Sam Rivera',
    '--password-stdin',
  );
  const catalog = testInfo.outputPath('mesa-catalog.csv');
  writeFileSync(
    catalog,
    [
      'sku,type,name,brand,size,weight,unitType,price,taxClass,quantityOnHand,packageLabel',
      'MV-FL-001,FLOWER,Blue Dream 3.5g,Mesa Farms,3.5 g,3.5,g,35.00,cannabis,40,1A4060300003B01000000101',
    ].join('\n'),
  );
  cli(data, 'catalog', 'import', catalog, '--dispensary', 'mesa-pos');

  const pos = new PosPage(page);
  await pos.open(service.url, 'mesa-1', 'mesa-pos');
  await pos.login('sam-pos', 'sam-cashier-01');
  await pos.openDrawer();
  await pos.addBySearch('blue dream', 'Blue Dream 3.5g');
  // $35.00 and 25.31 % of it in tax.
  expect(await pos.settled()).toBe('$43.86');
  const orderNumber = await pos.payHere();
  await pos.widget.method('Cash').click();
  await pos.widget.frame.getByLabel('Cash received ($)').fill('50.00');
  await pos.widget.button('Take cash').click();
  await pos.expectSold(orderNumber, '$6.14');
  expect(await axeViolations(page, '.checkout')).toEqual([]);
  await pos.screenshot(testInfo, 'new-store-first-sale');
});
