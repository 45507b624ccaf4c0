import { expect, test } from './support/fixtures.js';

test('the service serves the built pages with a strict content security policy', async ({ page, service }) => {
  const response = await page.goto(`${service.url}/pos/`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
