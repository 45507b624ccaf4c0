import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';
import { expectNoWindowScroll, expectTouchTargets } from '../support/register-sizes.js';
import type { ServiceApi } from '../support/service-api.js';
import { customerWithPoints, expectInSight, linesInSight } from '../support/cart-sight.js';

// A store of its own: its loyalty programme, its promo code and its policy of no manager's PIN for a
// discount by hand price this file's sale, and no other file must find them.
test.use({ serviceOptions: { args: [], env: {}, own: 'cart-extras' } });

const FIRST = 'Maria-Alexandrina Guadalupe';
const LAST = 'Garcia de la Fuente-Montenegro';

/** The programme on, no PIN for a discount by hand, and the long-named customer on file with 2,500 points. */
async function longNamedCustomer(api: ServiceApi): Promise<string> {
  await api.setup('PUT', '/store', {
    loyalty: { enabled: true, expiryMonths: 12, tiers: [{ name: 'Bronze', minPoints: 0, bonusPercent: 0 }] },
    manualDiscountPinAbove: null,
  });
  return customerWithPoints(api, { firstName: FIRST, lastName: LAST, points: 2500 });
}

/**
 * The sizes, and how many of the six lines stay in sight with the customer, her points and the code
 * on the sale (`plain`: five lines of one row and the code's line, all six at 1280×800), then with the
 * discount on the whole sale too (`shared`: each line a row taller with its share of it).
 */
const SIZES = [
  { width: 1280, height: 800, plain: 6, shared: 4 },
  { width: 1024, height: 768, plain: 5, shared: 4 },
  { width: 1366, height: 768, plain: 5, shared: 4 },
  { width: 1920, height: 1080, plain: 6, shared: 6 },
] as const;

test('a long-named customer spending points, a promo code and a discount on the whole sale: all in sight and removable at every register size, the lines scroll', async ({
  page,
  service,
  api,
}, testInfo) => {
  const idNumber = await longNamedCustomer(api);
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'extras-1');
  await pos.login();
  await pos.tapProducts(6);
  // The code takes 10 % off the last line's product: that line has a row more, as it would.
  const last = await pos.cartLines.last().getAttribute('data-product');
  await api.setup('POST', '/deals', {
    ...{ name: 'Spring code', kind: 'percent', percent: 10, trigger: 'code', code: 'SPRING10' },
    scope: { productIds: [last], brands: [], categories: [], tags: [] },
  });

  await page.getByRole('button', { name: 'Find customer or check ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'ID check' });
  await dialog.getByLabel('Name, phone or ID number').fill(idNumber);
  await dialog.getByRole('button', { name: new RegExp(`^${FIRST}`) }).click();
  await dialog.getByRole('button', { name: /^Sell to / }).click();
  await expect(pos.pointsBalance).toHaveText('2,500 points ($25.00)');
  await pos.settled();
  await pos.addPromoCode('spring10');
  await expect(pos.dealChip('SPRING10')).toContainText(/Spring code: \$\d+\.\d\d off/);
  await pos.usePoints();
  await expect(page.getByLabel('Reward dollars')).toHaveValue('25.00');
  await pos.settled();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const at = `${size.width}×${size.height}`;
    expect(await linesInSight(pos), `lines in sight at ${at}`).toBeGreaterThanOrEqual(size.plain);
    await expectInSight([pos.dealChip('SPRING10').getByRole('button'), pos.total]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  const whole = await pos.openDiscount();
  await whole.getByRole('button', { name: '$ off' }).click();
  await pos.keyDiscount(whole, '5');
  await whole.getByRole('button', { name: 'Customer service' }).click();
  await whole.getByRole('button', { name: 'Give discount' }).click();
  await expect(whole).toHaveCount(0);
  const manual = page.locator('[data-manual="sale"]');
  await expect(manual).toContainText('Manual discount −$5.00 · customer service');
  await pos.settled();

  const name = page.getByTestId('sale-customer');
  const code = pos.dealChip('SPRING10');
  const extras = [
    name,
    pos.pointsBalance,
    page.getByRole('button', { name: 'Change customer' }),
    page.getByLabel('Reward dollars'),
    page.getByRole('button', { name: 'Use points' }),
    page.getByRole('button', { name: 'Contact details' }),
    page.getByLabel('Promo code', { exact: true }),
    page.getByRole('button', { name: 'Add code' }),
    page.getByRole('button', { name: 'Discount', exact: true }),
    code.getByRole('button', { name: 'Remove code SPRING10' }),
    manual.getByRole('button', { name: 'Remove the manual discount on the whole sale' }),
  ];
  const pay = [pos.total, ...pos.payButtons];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const at = `${size.width}x${size.height}`;
    await expectInSight([...extras, ...pay]);
    // The code's and the discount's words are whole, or cut short with all of them in the chip's title.
    for (const chip of [code, manual]) {
      const words = chip.locator('.words');
      await expect(words).toBeInViewport({ ratio: 1 });
      const { cut, title, text } = await words.evaluate((element) => ({
        cut: element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
        title: element.closest('[title]')?.getAttribute('title') ?? '',
        text: element.textContent?.trim() ?? '',
      }));
      if (cut) expect(title, `chip words at ${at}`).toContain(text);
    }
    // The name keeps to one line: too long for it, it ends in … and is whole in its title.
    const shown = await name.evaluate((element) => ({
      cut: element.scrollWidth > element.clientWidth + 1,
      ellipsis: getComputedStyle(element).textOverflow,
      lineHeight: parseFloat(getComputedStyle(element).lineHeight),
      height: element.getBoundingClientRect().height,
      title: element.closest('[title]')?.getAttribute('title') ?? '',
    }));
    expect(shown.height, `one line of name at ${at}`).toBeLessThan(shown.lineHeight * 1.5);
    if (shown.cut) expect(shown.ellipsis).toBe('ellipsis');
    expect(shown.title).toContain(`${FIRST} ${LAST}`);
    expect(await linesInSight(pos), `lines in sight at ${at}`).toBeGreaterThanOrEqual(size.shared);
    await expectNoWindowScroll(page, size);
    await expectTouchTargets(page);
    await pos.screenshot(testInfo, `cart-extras-${at}`);
  }

  // At the smallest register both come off the sale with a tap on their ×.
  await page.setViewportSize({ width: 1024, height: 768 });
  await manual.getByRole('button', { name: 'Remove the manual discount on the whole sale' }).click();
  await expect(manual).toHaveCount(0);
  await code.getByRole('button', { name: 'Remove code SPRING10' }).click();
  await expect(code).toHaveCount(0);
  await pos.settled();
});
