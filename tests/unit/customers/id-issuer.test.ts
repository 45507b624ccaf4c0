import { describe, expect, it } from 'vitest';
import { isJurisdictionCode } from '../../../shared/compliance/index.js';
import type { NewCustomer } from '../../../shared/contracts/customers.js';
import { customerProblems } from '../../../shared/customers/customer-rules.js';
import { COUNTRY_CODES } from '../../../shared/customers/id-countries.js';
import { idIssuer, issuerName } from '../../../shared/customers/id-issuer.js';
import { JURISDICTION_CODES } from '../../../shared/customers/id-jurisdictions.js';

// Who issued a customer's ID, by its type (README "Customers"): a licence or state ID by a state or
// province in two letters, a passport or military ID by a country in three; a name is taken for its
// code, anything else refused in words saying what is accepted.

const LICENCE_RULE =
  'must be the state or province that issued the driver\'s licence, not "CAL": type its two letters, such as CA, or its name';

describe('who issued a licence or state ID', () => {
  it.each([
    ['CA', 'CA'],
    [' ca ', 'CA'],
    ['California', 'CA'],
    ['NEW YORK', 'NY'],
    ['District of Columbia', 'DC'],
    ['Québec', 'QC'],
    ['Newfoundland and Labrador', 'NL'],
    ['U.S. Virgin Islands', 'VI'],
  ])('takes %j as %s', (typed, code) => {
    expect(idIssuer('drivers_licence', typed)).toEqual({ ok: true, code });
    expect(idIssuer('state_id', typed)).toEqual({ ok: true, code });
  });

  it('refuses three letters, a country and a misspelt state, saying what it takes', () => {
    expect(idIssuer('drivers_licence', 'CAL')).toEqual({ ok: false, rule: LICENCE_RULE });
    expect(idIssuer('drivers_licence', 'USA')).toMatchObject({ ok: false, rule: expect.stringContaining('not "USA"') });
    expect(idIssuer('state_id', 'Califronia')).toEqual({
      ok: false,
      rule: 'must be the state or province that issued the state ID, not "Califronia": type its two letters, such as CA, or its name',
    });
    expect(idIssuer('drivers_licence', 'XX').ok).toBe(false);
    expect(idIssuer('drivers_licence', '  ')).toEqual({
      ok: false,
      rule: "must be the state or province that issued the driver's licence: type its two letters, such as CA, or its name",
    });
  });

  it('takes every code a scanned licence may name, and no other', () => {
    const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
    const scanned = letters.flatMap((a) => letters.map((b) => a + b)).filter(isJurisdictionCode);
    expect([...JURISDICTION_CODES].sort()).toEqual(scanned.sort());
  });
});

describe('who issued a passport or military ID', () => {
  it.each([
    ['USA', 'USA'],
    ['mex', 'MEX'],
    ['United States', 'USA'],
    ['United States of America', 'USA'],
    ['Mexico', 'MEX'],
    ["Côte d'Ivoire", 'CIV'],
    ['Georgia', 'GEO'],
  ])('takes %j as %s', (typed, code) => {
    expect(idIssuer('passport', typed)).toEqual({ ok: true, code });
    expect(idIssuer('military_id', typed)).toEqual({ ok: true, code });
  });

  it("refuses a state's two letters and three letters of no country", () => {
    expect(idIssuer('passport', 'CA')).toEqual({
      ok: false,
      rule: 'must be the country that issued the passport, not "CA": type its three letters, such as USA or MEX, or its name',
    });
    expect(idIssuer('passport', 'CAL').ok).toBe(false);
    expect(idIssuer('military_id', 'California').ok).toBe(false);
  });

  it("knows every ISO 3166 country's three letters, each once, and Kosovo's", () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    expect(COUNTRY_CODES).toContain('RKS');
  });
});

describe("an issuer's name", () => {
  it('says a state, a province or a country by name, and an unknown code as stored', () => {
    expect(issuerName('CA')).toBe('California');
    expect(issuerName('ON')).toBe('Ontario');
    expect(issuerName('MEX')).toBe('Mexico');
    expect(issuerName('USA')).toBe('United States');
    expect(issuerName('CAL')).toBe('CAL');
  });
});

describe("a customer's fields, every problem at once", () => {
  const maria: NewCustomer = {
    firstName: 'Maria',
    lastName: 'Garcia',
    dateOfBirth: '1990-01-15',
    idType: 'drivers_licence',
    idNumber: 'D7654321',
    idJurisdiction: 'CA',
    idExpiry: '2030-01-15',
    customerType: 'adult_use',
  };

  it('finds none in a good customer', () => {
    expect(customerProblems(maria, '2026-06-15')).toEqual([]);
  });

  it("names each field at fault, in the form's order", () => {
    const problems = customerProblems(
      { ...maria, idJurisdiction: 'CAL', phone: '916-555-01', email: 'maria@', dateOfBirth: '' },
      '2026-06-15',
    );
    expect(problems).toEqual([
      { field: 'dateOfBirth', rule: 'must be filled in' },
      { field: 'idJurisdiction', rule: LICENCE_RULE },
      {
        field: 'phone',
        rule: 'must have 10 digits (area code and number), not 8; write an international number with +',
      },
      { field: 'email', rule: 'must look like name@example.com, not "maria@"' },
    ]);
  });

  it("checks a recommendation's number and expiry, and the notes' length", () => {
    const problems = customerProblems(
      { ...maria, customerType: 'medical', medical: { number: ' ', expires: '' }, notes: 'x'.repeat(2001) },
      '2026-06-15',
    );
    expect(problems.map((problem) => problem.field)).toEqual(['medical.number', 'medical.expires', 'notes']);
  });
});
