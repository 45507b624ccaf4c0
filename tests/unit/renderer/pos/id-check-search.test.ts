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

describe('an ID typed by hand that the service refuses', () => {
  it('says why with the field named as the form labels it, never the service’s name for it', async () => {
    const calls = heldService();
    const check = useIdCheckStore();
    check.start('find');
    const typed = check.typed({
      firstName: 'Ada',
      middleName: null,
      lastName: 'Lovelace',
      dateOfBirth: '1990-01-15',
      idType: 'drivers_licence',
      idNumber: 'D1234567',
      idJurisdiction: 'XX',
      idExpiry: '2030-01-15',
    });
    calls[0]!.answer(list());
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.url.pathname).toMatch(/\/customers\/check$/);
    calls[1]!.answer({
      status: 400,
      body: {
        resultCode: 'FAIL',
        resultReason: 'INVALID_INPUT',
        resultDetail:
          'idJurisdiction must be the issuing state or province as 2 letters ("CA"): "XX" is not a US state or territory or a Canadian province or territory',
      },
    });
    await typed;
    expect(check.step).toBe('failed');
    expect(check.problem).toBe(
      'Issued by must be the issuing state or province as 2 letters ("CA"): "XX" is not a US state or territory or a Canadian province or territory.',
    );
  });
});
