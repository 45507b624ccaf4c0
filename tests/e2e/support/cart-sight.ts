import type { Locator } from '@playwright/test';
import type { PosPage } from '../pages/pos-page.js';
import { expect } from './fixtures.js';
import { DEMO, type ServiceApi } from './service-api.js';
import { coveredSpots } from './uncovered.js';

/** A call of the demo store's API as its manager, the body JSON. */
export async function asManager(api: ServiceApi, method: string, path: string, body: object): Promise<{ id?: string }> {
  return api.call(method, path, JSON.stringify(body), {
    ...DEMO.client,
    authorization: `Bearer ${await api.token('manager')}`,
    'content-type': 'application/json',
  });
}

/** How many of the cart's lines are wholly inside its scrolling box, with nothing laid over them. */
export async function linesInSight(pos: PosPage): Promise<number> {
  const box = (await pos.page.locator('.cart-body').boundingBox())!;
  let seen = 0;
  for (const line of await pos.cartLines.all()) {
    const row = (await line.boundingBox())!;
    const inside = row.y >= box.y - 0.5 && row.y + row.height <= box.y + box.height + 0.5;
    if (inside && (await coveredSpots(line)).length === 0) seen += 1;
  }
  return seen;
}

/** Each target wholly on screen, and a tap anywhere on it lands on it (nothing, the totals least, over it). */
export async function expectInSight(targets: Locator[]): Promise<void> {
  for (const target of targets) {
    await expect(target).toBeInViewport({ ratio: 1 });
    expect(await coveredSpots(target)).toEqual([]);
  }
}
