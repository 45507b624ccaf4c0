import type { Page } from '@playwright/test';
import { PoleDisplayPage } from './pole-display-page.js';
import { PosPage } from './pos-page.js';

/** The cashier's window and the pole display of the same register, both signed in. */
export async function register(page: Page, serviceUrl: string): Promise<{ pos: PosPage; display: PoleDisplayPage }> {
  const display = new PoleDisplayPage(await page.context().newPage());
  await display.open(serviceUrl);
  await display.login();
  const pos = new PosPage(page);
  await pos.open(serviceUrl);
  await pos.login();
  return { pos, display };
}
