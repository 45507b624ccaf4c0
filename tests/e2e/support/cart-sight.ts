import type { Locator } from '@playwright/test';
import { samplePerson } from '../../support/aamva-samples.js';
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

/**
 * An adult-use customer on file (an ID of their own per run) given `points` by the manager, in a
 * store whose loyalty programme is on: answers their ID number, which the register scans or types.
 */
export async function customerWithPoints(
  api: ServiceApi,
  { firstName, lastName, points }: { firstName: string; lastName: string; points: number },
): Promise<string> {
  const person = samplePerson({ idNumber: `D${String(Date.now()).slice(-7)}` });
  const customers = '/v2.0/dispensary/demo/customers';
  const { customer } = (await asManager(api, 'POST', customers, {
    ...{ firstName, lastName, dateOfBirth: person.dateOfBirth, idType: 'drivers_licence' },
    ...{ idNumber: person.idNumber, idJurisdiction: person.jurisdiction, idExpiry: person.expiry },
    customerType: 'adult_use',
  })) as { customer: { id: string } };
  await asManager(api, 'POST', `${customers}/${customer.id}/loyalty/adjustments`, { points, reason: 'Welcome points' });
  return person.idNumber;
}
