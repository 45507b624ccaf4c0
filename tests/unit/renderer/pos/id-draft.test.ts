import { describe, expect, it } from 'vitest';
import type { Customer } from '../../../../shared/contracts/customers.js';
import { draftOf, sameId } from '../../../../renderer/pos/logic/id-draft.js';

// A typed or scanned ID matched with the customer on file: the issuer, and the number as the
// service keeps it (upper case, no spaces, dots or dashes).
const onFile = { idJurisdiction: 'CA', idNumber: 'D1234567' } as Customer;
const typed = (idNumber: string, idJurisdiction = 'CA') => ({
  ...draftOf({
    firstName: 'Maria',
    lastName: 'Garcia',
    dateOfBirth: '1990-01-15',
    expiry: '2030-01-15',
    idNumber,
    jurisdiction: idJurisdiction,
    documentType: 'drivers_licence',
  }),
});

describe('an ID typed by hand, matched with the customer on file', () => {
  it('reads a scanned ID as the customer to add', () => {
    expect(typed('D1234567')).toEqual({
      firstName: 'Maria',
      middleName: null,
      lastName: 'Garcia',
      dateOfBirth: '1990-01-15',
      idType: 'drivers_licence',
      idNumber: 'D1234567',
      idJurisdiction: 'CA',
      idExpiry: '2030-01-15',
    });
  });

  it('matches the number however it was typed, and only from the same issuer', () => {
    expect(sameId(onFile, typed('d123-45.67'))).toBe(true);
    expect(sameId(onFile, typed('D 1234567', ' ca '))).toBe(true);
    // The state by its name is the state by its two letters.
    expect(sameId(onFile, typed('D1234567', 'California'))).toBe(true);
    expect(sameId(onFile, typed('D1234567', 'NV'))).toBe(false);
    expect(sameId(onFile, typed('D1234568'))).toBe(false);
  });
});
