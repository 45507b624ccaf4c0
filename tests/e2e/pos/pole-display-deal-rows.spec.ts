import type { Locator } from '@playwright/test';
import type { DisplayLine } from '../../../shared/contracts/display.js';
import { PoleDisplayPage } from '../pages/pole-display-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO, type ServiceApi } from '../support/service-api.js';

// A display of this file's own, its cart set as the register sets it (PUT …/display/front-1).
test.use({ serviceOptions: { args: [], env: {}, own: 'pole-display-deal-rows' } });

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Six lines of the demo catalog, three discounts on each: an edible's promotion, deal and code; a pre-roll's bundle, code and thank-you. */
const EDIBLE = ['10% off edibles', 'Wednesday edibles', 'Spring code'];
const PREROLL = ['3 pre-rolls for $20', 'Spring code', 'Regulars thank-you'];
const LINES: DisplayLine[] = (
  [
    ['Dark Chocolate Sea Salt Bar', 'Sweet Leaf Kitchen · 20 pieces', 2200, EDIBLE, [220, 396, 158]],
    ['Watermelon Gummies 10 x 10mg', 'Sierra Chews · 10 pieces', 2000, EDIBLE, [200, 360, 144]],
    ['Blue Dream Pre-Roll', 'Lazy Lynx · 1g', 1200, PREROLL, [533, 67, 100]],
    ['Northern Lights Pre-Roll', 'Lazy Lynx · 1g', 1200, PREROLL, [533, 67, 100]],
    ['Sour Blueberry Sleep Gummies (CBN)', 'Sierra Chews · 10 pieces', 2400, EDIBLE, [240, 432, 173]],
    ['Diamond Infused Pre-Roll', 'Ember Extracts · 1g', 2000, PREROLL, [534, 147, 100]],
  ] as const
).map(([name, detail, price, deals, amounts], at) => ({
  key: `line-${at}`,
  name,
  detail,
  quantity: 1,
  lineTotal: price - amounts.reduce((sum, amount) => sum + amount, 0),
  savings: deals.map((deal, index) => ({ name: deal, amount: amounts[index]! })),
}));

/** The register puts the lines (the six above unless given) on its display, Maria named. */
async function showCart(api: ServiceApi, lines: DisplayLine[] = LINES): Promise<void> {
  const saved = lines.flatMap((line) => line.savings!).reduce((sum, saving) => sum + saving.amount, 0);
  const total = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  await api.call(
    'PUT',
    '/v2.0/dispensary/demo/display/front-1',
    JSON.stringify({
      phase: 'cart',
      lines,
      totals: { subtotal: total + saved, discount: -saved, tax: 0, rewardDollars: 0, total },
      customerName: 'Maria Garcia',
      customerPoints: 250,
    }),
    { ...DEMO.client, authorization: `Bearer ${await api.token('cashier')}`, 'content-type': 'application/json' },
  );
}

/** Each line's discounts on one row, every name on it whole (none ending in …). */
async function expectOneRowEach(lines: Locator): Promise<void> {
  for (const line of await lines.all()) {
    const row = await line.locator('.savings').evaluate((savings) => ({
      tops: new Set([...savings.children].map((item) => Math.round(item.getBoundingClientRect().top))).size,
      height: savings.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(savings).lineHeight),
      cut: [...savings.querySelectorAll('.saving-name')].filter((name) => name.scrollWidth > name.clientWidth).length,
    }));
    expect(row.tops).toBe(1);
    expect(row.height).toBeLessThan(row.lineHeight * 1.5);
    expect(row.cut).toBe(0);
  }
}

test('six lines with three discounts each stay in sight on the pole display at 1024×768, 1280×800 and 1366×768, each line’s discounts sharing one row; smaller screens show the newest under a count of the earlier ones', async ({
  page,
  service,
  api,
}, testInfo) => {
  const display = new PoleDisplayPage(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await display.open(service.url);
  await display.login();
  await showCart(api);
  await expect(display.lines.last()).toContainText('Diamond Infused Pre-Roll');

  for (const [width, height] of [
    [1024, 768],
    [1280, 800],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await display.fitted(6);
    // All six whole, none counted away; each line's discounts on its one row: the first named, the
    // two others summed ("and 2 more −$5.54"), as the row has no room for all three.
    await expect(display.lines).toHaveCount(6);
    await expect(page.getByTestId('display-earlier')).toHaveCount(0);
    for (const line of await display.lines.all()) await expect(line).toBeInViewport({ ratio: 1 });
    await expect(display.savings('Dark Chocolate Sea Salt Bar')).toHaveText([
      '10% off edibles−$2.20',
      'and 2 more−$5.54',
    ]);
    await expect(display.savings('Diamond Infused Pre-Roll')).toHaveText([
      '3 pre-rolls for $20−$5.34',
      'and 2 more−$2.47',
    ]);
    await expectOneRowEach(display.lines);
    // The lines' amounts in one column, the total in sight.
    const rights = await display.lines
      .locator('.amount')
      .evaluateAll((amounts) => amounts.map((amount) => Math.round(amount.getBoundingClientRect().right)));
    expect(new Set(rights).size).toBe(1);
    await expect(display.total).toBeInViewport({ ratio: 1 });
    await display.screenshot(testInfo, `display-6-lines-3-deals-${width}x${height}`);
  }
  expect(await axeViolations(page)).toEqual([]);

  // A wide screen names every discount on the line's row.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await display.fitted(6);
  await expect(display.lines).toHaveCount(6);
  for (const line of LINES)
    await expect(display.savings(line.name)).toHaveText(
      line.savings!.map((saving) => `${saving.name}−${dollars(saving.amount)}`),
    );
  await expectOneRowEach(display.lines);
  await display.screenshot(testInfo, 'display-6-lines-3-deals-1920x1080');

  // Smaller screens: the newest lines, still one row of discounts each, under a count of the earlier ones.
  for (const [width, height] of [
    [1024, 600],
    [800, 480],
  ] as const) {
    await page.setViewportSize({ width, height });
    await display.fitted(6);
    await expect(page.getByTestId('display-earlier')).toHaveText(/^\d earlier items?, in the total$/);
    await expect(display.lines.last()).toContainText('Diamond Infused Pre-Roll');
    for (const line of await display.lines.all()) await expect(line).toBeInViewport({ ratio: 1 });
    await expectOneRowEach(display.lines);
    await expect(display.total).toBeInViewport({ ratio: 1 });
    await display.screenshot(testInfo, `display-6-lines-3-deals-${width}x${height}`);
  }
});

test('at 1024×768 a bundle of two pre-rolls keeps its name whole on its one row, the rest said shorter ("+2 more")', async ({
  page,
  service,
  api,
}, testInfo) => {
  // Northern Lights twice: its bundle's share and the two others' sum in dollars of two digits and more.
  const twice: DisplayLine = {
    ...LINES[3]!,
    quantity: 2,
    lineTotal: 2400 - (1067 + 133 + 200),
    savings: PREROLL.map((name, index) => ({ name, amount: [1067, 133, 200][index]! })),
  };
  const display = new PoleDisplayPage(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await display.open(service.url);
  await display.login();
  await showCart(api, [...LINES.slice(0, 3), twice, LINES[4]!]);
  await display.fitted(5);
  await expect(display.savings('Northern Lights Pre-Roll')).toHaveText(['3 pre-rolls for $20−$10.67', '+2 more−$3.33']);
  // A row with room says the rest as before.
  await expect(display.savings('Dark Chocolate Sea Salt Bar')).toHaveText([
    '10% off edibles−$2.20',
    'and 2 more−$5.54',
  ]);
  await expectOneRowEach(display.lines);
  await display.screenshot(testInfo, 'display-bundle-twice-1024x768');
});
