// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerList } from '../../../../shared/contracts/customers.js';
import { useCustomersStore } from '../../../../renderer/backoffice/stores/customers.js';
import { fakeService, refused, signedIn } from './fake-service.js';
import { CALIFORNIA, COLORADO } from '../../../support/state-profiles.js';
import { customer } from '../customer-fixture.js';
import { heldService } from '../held-service.js';

const ok = { resultCode: 'SUCCESS' as const, resultReason: null };
const everyone: CustomerList = {
  ...ok,
  customers: Array.from({ length: 20 }, (_, index) => customer(`e${index}`, `P${index}`, 'Pager')),
  nextCursor: 'e19',
};
const found: CustomerList = {
  ...ok,
  customers: [customer('m', 'Maria', 'Garcia'), customer('z', 'Ezra', 'Garcia')],
  nextCursor: null,
};

beforeEach(() => signedIn(['customer:read']));
afterEach(() => vi.unstubAllGlobals());

/** The list read as the tab opens (everyone), then a name searched before that read answers; both held. */
function openedThenFinding() {
  const calls = heldService();
  const customers = useCustomersStore();
  const opening = customers.search();
  customers.query = 'Garcia';
  const finding = customers.search();
  expect(calls.map((call) => call.url.searchParams.get('q'))).toEqual([null, 'Garcia']);
  return { calls, customers, opening, finding };
}

describe('the customers list', () => {
  it('shows the last search asked: the list read as the tab opened, answering late, does not replace the customers found', async () => {
    const { calls, customers, opening, finding } = openedThenFinding();
    calls[1]!.answer({ body: found });
    await finding;
    calls[0]!.answer({ body: everyone });
    await opening;
    expect(customers.rows.map((row) => row.firstName)).toEqual(['Maria', 'Ezra']);
    expect(customers.nextCursor).toBeNull();
    expect(customers.loading).toBe(false);
  });

  it('is still loading until the last search answers, and an earlier failure says nothing over it', async () => {
    const { calls, customers, opening, finding } = openedThenFinding();
    calls[0]!.answer(refused(503, 'UNAVAILABLE', 'Down.'));
    await opening;
    expect(customers.loading).toBe(true);
    expect(customers.error).toBe('');
    calls[1]!.answer({ body: found });
    await finding;
    expect(customers.loading).toBe(false);
    expect(customers.rows).toHaveLength(2);
  });

  it('a search asked while the next page is read drops that page', async () => {
    const calls = heldService();
    const customers = useCustomersStore();
    const first = customers.search();
    calls[0]!.answer({ body: everyone });
    await first;
    const more = customers.search(true);
    expect(calls[1]!.url.searchParams.get('before')).toBe('e19');
    customers.query = 'Garcia';
    const finding = customers.search();
    calls[2]!.answer({ body: found });
    await finding;
    calls[1]!.answer({ body: { ...ok, customers: [customer('old', 'Old', 'Pager')], nextCursor: null } });
    await more;
    expect(customers.rows.map((row) => row.firstName)).toEqual(['Maria', 'Ezra']);
  });
});

describe('the next page of customers', () => {
  const next: CustomerList = { ...ok, customers: [customer('e20', 'P20', 'Pager')], nextCursor: null };

  it('is of the list shown, whatever is typed since and not searched: its cursor pages no other list', async () => {
    const calls = heldService();
    const customers = useCustomersStore();
    customers.query = ' Pager ';
    const first = customers.search();
    calls[0]!.answer({ body: everyone });
    await first;
    customers.query = 'Garc';
    const more = customers.search(true);
    expect(calls[1]!.url.searchParams.get('q')).toBe('Pager');
    expect(calls[1]!.url.searchParams.get('before')).toBe('e19');
    calls[1]!.answer({ body: next });
    await more;
    expect(customers.rows).toHaveLength(21);
    expect(customers.nextCursor).toBeNull();
  });

  it('is not offered while a new search is on its way, and the new list brings its own', async () => {
    const calls = heldService();
    const customers = useCustomersStore();
    const first = customers.search();
    calls[0]!.answer({ body: everyone });
    await first;
    expect(customers.nextCursor).toBe('e19');
    customers.query = 'Garcia';
    const finding = customers.search();
    expect(customers.nextCursor).toBeNull();
    calls[1]!.answer({ body: { ...found, nextCursor: 'z' } });
    await finding;
    expect(customers.nextCursor).toBe('z');
    const more = customers.search(true);
    expect(calls[2]!.url.searchParams.get('q')).toBe('Garcia');
    calls[2]!.answer({ body: next });
    await more;
  });
});

describe('an open customer', () => {
  const maria = customer('m', 'Maria', 'Garcia');
  const PATH = '/v2.0/dispensary/demo/customers';
  const checked = { ...ok, today: '2026-12-05', profile: CALIFORNIA, verification: { verified: true, age: 36 } };
  const noOrders = { ...ok, orders: [], count: 0, lastVisit: null, nextCursor: null };

  it('reads the rules the store enforces with their ID check: none, though the check measured by California', async () => {
    fakeService({
      [`GET ${PATH}/m/verification`]: [{ body: checked }],
      [`GET ${PATH}/rules`]: [{ body: { ...ok, profile: null } }],
      [`GET ${PATH}/m/orders`]: [{ body: noOrders }],
    });
    const customers = useCustomersStore();
    await customers.open(maria);
    expect(customers.detailError).toBe('');
    expect(customers.verification?.profile.stateName).toBe('California');
    expect(customers.enforced).toBeNull();
  });

  it("reads the enforced profile again as each customer opens (the store's rules may have changed)", async () => {
    fakeService({
      [`GET ${PATH}/m/verification`]: [{ body: checked }, { body: { ...checked, profile: COLORADO } }],
      [`GET ${PATH}/rules`]: [{ body: { ...ok, profile: null } }, { body: { ...ok, profile: COLORADO } }],
      [`GET ${PATH}/m/orders`]: [{ body: noOrders }, { body: noOrders }],
    });
    const customers = useCustomersStore();
    await customers.open(maria);
    await customers.open(maria);
    expect(customers.enforced?.stateName).toBe('Colorado');
  });
});
