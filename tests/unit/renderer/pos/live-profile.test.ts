// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetStoreInfo } from '../../../../renderer/common/store-info.js';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { useOrdersStore } from '../../../../renderer/pos/stores/orders.js';
import { useSaleRulesStore } from '../../../../renderer/pos/stores/sale-rules.js';
import type { Allowance } from '../../../../shared/contracts/customers.js';
import type { StateProfile } from '../../../../shared/compliance/profiles/schema.js';
import { CALIFORNIA } from '../../../support/state-profiles.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

/**
 * The POS on the live channel's `store.changed` after a manager chose another state profile: the
 * register reads the rules again and applies them at once (an ID check now required, the customer's
 * allowance counted under the new profile), without a reload.
 */
interface FakeService {
  /** The profile the store enforces (null: none). */
  profile: StateProfile | null;
  /** Whether the customer's allowance is enforced (it is once the store enforces a profile). */
  enforced: boolean;
  /** Every path the register read, in order. */
  reads: string[];
  /** Whether the rules are answered (false: the service is down for them). */
  up: boolean;
  /** Sends a frame on the open live stream. */
  send: (frame: string) => void;
  /** Resolves the next read of today's orders. */
  ordersRead: () => void;
}
const service: FakeService = {
  profile: null,
  enforced: false,
  reads: [],
  up: true,
  send: () => undefined,
  ordersRead: () => undefined,
};

function allowance(): Omit<Allowance, 'resultCode' | 'resultReason'> {
  return {
    today: '2026-12-02',
    enforced: service.enforced,
    profile: CALIFORNIA,
    verification: { verified: true, age: 36 },
    customer: { type: 'adult_use', age: 36 },
    period: 'day',
    purchases: [],
    groups: [],
  };
}

function answer(path: string): unknown {
  if (path.endsWith('/customers/rules')) return { profile: service.profile };
  if (path.endsWith('/allowance')) return allowance();
  if (path.endsWith('/ecommerce/tickets')) {
    queueMicrotask(service.ordersRead);
    return { tickets: [], nextCursor: null };
  }
  if (path.endsWith('/pickup-queue')) return { orders: [], asOf: new Date().toISOString() };
  return {
    dispensary: {
      name: 'Green Valley',
      timezone: 'America/Los_Angeles',
      address: { street: '1 Main St', city: 'Mesa', state: 'AZ', zip: '85201' },
    },
  };
}

function liveStream(): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      service.send = (frame) => controller.enqueue(encoder.encode(frame));
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

const nextOrdersRead = () => new Promise<void>((resolve) => (service.ordersRead = resolve));

/** The register following the live channel, its first read of today's orders done. */
async function following(): Promise<void> {
  const first = nextOrdersRead();
  useOrdersStore().follow();
  await first;
}

/** A manager changed the store's profile: the channel tells it, and the register has read the store again. */
async function profileChanged(): Promise<void> {
  const again = nextOrdersRead();
  service.send(`event: store.changed\ndata: ${JSON.stringify({ fields: ['complianceProfile'] })}\n\n`);
  await again;
}

beforeEach(() => {
  forgetStoreInfo();
  signedInCashier();
  Object.assign(service, { profile: null, enforced: false, reads: [], up: true });
  vi.stubGlobal('fetch', async (url: string) => {
    const { pathname } = new URL(url);
    if (pathname.endsWith('/live')) return liveStream();
    service.reads.push(pathname);
    if (!service.up && pathname.endsWith('/customers/rules')) return new Response('{}', { status: 503 });
    return new Response(JSON.stringify({ resultCode: 'SUCCESS', resultReason: null, ...(answer(pathname) as object) }));
  });
});
afterEach(() => {
  useOrdersStore().stop();
  vi.unstubAllGlobals();
});

describe('the POS when a manager changes the store’s state profile', () => {
  const flower = product({ name: 'Blue Dream' });

  it('asks for a checked ID as soon as the new profile requires it, without a reload', async () => {
    const rules = useSaleRulesStore();
    await rules.load();
    const cart = useCartStore();
    cart.lines = [{ product: flower, quantity: 1 }];
    expect(cart.idMissing).toBe(false);
    await following();

    service.profile = CALIFORNIA;
    await profileChanged();
    expect(rules.profile?.id).toBe('us-ca');
    expect(cart.idMissing).toBe(true);

    // And back: the store enforces no state's rules any more.
    service.profile = null;
    await profileChanged();
    expect(rules.profile).toBeUndefined();
    expect(cart.idMissing).toBe(false);
  });

  it('counts the customer on the sale under the new profile: their allowance is read again', async () => {
    const rules = useSaleRulesStore();
    await rules.load();
    await rules.follow('cust-1');
    expect(rules.allowance?.enforced).toBe(false);
    await following();

    service.profile = CALIFORNIA;
    service.enforced = true;
    await profileChanged();
    expect(rules.allowance?.enforced).toBe(true);
    expect(service.reads.filter((path) => path.endsWith('/customers/cust-1/allowance'))).toHaveLength(2);
  });

  it('reads no allowance once the sale has ended', async () => {
    const rules = useSaleRulesStore();
    await rules.follow('cust-1');
    rules.forget();
    await rules.refresh();
    expect(rules.allowance).toBeNull();
    expect(service.reads.filter((path) => path.endsWith('/allowance'))).toHaveLength(1);
  });

  it('keeps the rules it has when they cannot be read again', async () => {
    service.profile = CALIFORNIA;
    const rules = useSaleRulesStore();
    await rules.load();
    service.up = false;
    service.profile = null;
    await rules.refresh();
    expect(rules.profile?.id).toBe('us-ca');
  });
});
