// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../../shared/contracts/customers.js';
import { useIdCheckStore } from '../../../../renderer/pos/stores/id-check.js';
import { customer as person } from '../customer-fixture.js';
import { heldService } from '../held-service.js';
import { signedInCashier } from './signed-in.js';

const list = (...customers: Customer[]) => ({
  body: { resultCode: 'SUCCESS', resultReason: null, customers, nextCursor: null },
});

beforeEach(() => signedInCashier());
afterEach(() => vi.unstubAllGlobals());

describe('finding a returning customer as the cashier types', () => {
  it('shows what the last words typed found, when an earlier search answers after it', async () => {
    const calls = heldService();
    const check = useIdCheckStore();
    check.start('find');
    const short = check.search('gar');
    const whole = check.search('garcia, mar');
    expect(calls.map((call) => call.url.searchParams.get('q'))).toEqual(['gar', 'garcia, mar']);
    calls[1]!.answer(list(person('m', 'Maria')));
    await whole;
    calls[0]!.answer(list(person('m', 'Maria'), person('g', 'Gabriel'), person('e', 'Ezra')));
    await short;
    expect(check.found.map((each) => each.firstName)).toEqual(['Maria']);
  });

  it('a search typed before the dialog was opened again shows nothing in it, not even its failure', async () => {
    const calls = heldService();
    const check = useIdCheckStore();
    check.start('find');
    const before = check.search('gar');
    check.start('find');
    calls[0]!.answer({ status: 503, body: { resultCode: 'FAIL', resultReason: 'UNAVAILABLE', resultDetail: 'Down.' } });
    await before;
    expect(check.found).toEqual([]);
    expect(check.problem).toBe('');
  });
});
