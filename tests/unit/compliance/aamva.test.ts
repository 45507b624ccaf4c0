import { describe, expect, it } from 'vitest';
import { parseAamva, type AamvaResult } from '../../../shared/compliance/aamva/parse.js';
import type { IdDocument } from '../../../shared/compliance/id-document.js';
import { aamvaPayload, samplePerson, type SamplePerson } from '../../support/aamva-samples.js';
import { WEDGE_STYLES, wedgeBurst } from '../../support/aamva-wedge.js';

function idOf(result: AamvaResult): IdDocument {
  if (!result.ok) throw new Error(`expected an ID, got: ${result.reason}`);
  return result.id;
}

const person = samplePerson();
const expected: IdDocument = {
  firstName: 'MARIA',
  middleName: 'ELENA',
  lastName: 'GARCIA',
  dateOfBirth: '1990-01-15',
  expiry: '2030-01-15',
  idNumber: 'D1234567',
  jurisdiction: 'CA',
  documentType: 'drivers_licence',
  address: { street: '3150 FOLSOM BLVD', city: 'SACRAMENTO', state: 'CA', postalCode: '95816' },
};

describe('parseAamva: versions and jurisdictions', () => {
  const versions = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const jurisdictions: { code: string; name: string; country: string }[] = [
    { code: 'CA', name: 'California', country: 'USA' },
    { code: 'CO', name: 'Colorado', country: 'USA' },
    { code: 'MI', name: 'Michigan', country: 'USA' },
    { code: 'ON', name: 'Ontario', country: 'CAN' },
    { code: 'BC', name: 'British Columbia', country: 'CAN' },
  ];
  const cases = versions.flatMap((version) => jurisdictions.map((jurisdiction) => ({ version, ...jurisdiction })));

  it.each(cases)('reads a version $version licence from $name', ({ version, code, name, country }) => {
    const result = parseAamva(aamvaPayload({ ...person, jurisdiction: code }, { version }));
    expect(idOf(result)).toEqual({ ...expected, jurisdiction: code });
    expect(result.ok && result.barcode).toMatchObject({ version, issuerName: name, country });
  });

  it.each([4, 10])('reads a version %i state ID card', (version) => {
    const card: SamplePerson = { ...person, documentType: 'state_id' };
    expect(idOf(parseAamva(aamvaPayload(card, { version })))).toEqual({ ...expected, documentType: 'state_id' });
  });

  it('leaves out a middle name the card says is NONE, and an address it does not have', () => {
    const plain = { ...person, middleName: undefined, address: undefined };
    const id = idOf(parseAamva(aamvaPayload(plain, { version: 10 })));
    expect(id).not.toHaveProperty('middleName');
    expect(id).not.toHaveProperty('address');
  });

  it('writes a ZIP+4 with its dash and keeps a Canadian postal code as it is', () => {
    const zip4 = { ...person, address: { ...person.address!, postalCode: '958161234' } };
    expect(idOf(parseAamva(aamvaPayload(zip4))).address?.postalCode).toBe('95816-1234');
    const canadian = {
      ...person,
      jurisdiction: 'ON',
      address: { ...person.address!, state: 'ON', postalCode: 'K1A 0B1' },
    };
    expect(idOf(parseAamva(aamvaPayload(canadian))).address?.postalCode).toBe('K1A 0B1');
  });

  it('reads a date written in the other order than its version says (a mislabelled barcode)', () => {
    const payload = aamvaPayload(person, { version: 10 }).replace('DBB01151990', 'DBB19900115');
    expect(idOf(parseAamva(payload)).dateOfBirth).toBe('1990-01-15');
  });

  it('reads a payload whose designator lengths are a few characters off, as some issuers write them', () => {
    const payload = aamvaPayload(person).replace(/DL(\d{4})(\d{4})/, (_all, offset: string, length: string) => {
      return `DL${offset}${String(Number(length) + 3).padStart(4, '0')}`;
    });
    expect(idOf(parseAamva(payload))).toEqual(expected);
    expect(idOf(parseAamva(wedgeBurst(payload, 'dropped-controls')))).toEqual(expected);
  });
});

describe('parseAamva: what keyboard-wedge scanners type', () => {
  const cases = [1, 3, 4, 8, 10].flatMap((version) => WEDGE_STYLES.map((style) => ({ version, style })));

  it.each(cases)('reads version $version typed as $style', ({ version, style }) => {
    expect(idOf(parseAamva(wedgeBurst(aamvaPayload(person, { version }), style)))).toEqual(expected);
  });

  // Names holding element ids (GODDARD: DDA and DAR; DAVID: DAV; MCDANIEL: DAN; VANDAM: DAM).
  const names: [string, string][] = [
    ['GODDARD', 'DAVID'],
    ['MCDANIEL', 'ADDIE'],
    ['VANDAM', 'DAKOTA'],
    ['ADDAMS', 'DACIA'],
    ['DAVIDSON', 'DDAVE'],
  ];
  const splits = [1, 4, 10].flatMap((version) =>
    names.map(([lastName, firstName]) => ({ version, lastName, firstName })),
  );

  it.each(splits)('splits run-together version $version elements around $lastName $firstName', (names) => {
    const street = { street: '12 DAVIS DDAY ST', city: 'DAVIS', state: 'CA', postalCode: '95616' };
    const burst = wedgeBurst(
      aamvaPayload({ ...person, ...names, address: street }, { version: names.version }),
      'dropped-controls',
    );
    const id = idOf(parseAamva(burst));
    expect([id.lastName, id.firstName, id.dateOfBirth, id.expiry, id.idNumber]).toEqual([
      names.lastName,
      names.firstName,
      '1990-01-15',
      '2030-01-15',
      'D1234567',
    ]);
    expect(id.address).toEqual({ ...street, postalCode: '95616' });
  });
});

describe('parseAamva: what is refused, and why', () => {
  const licence = aamvaPayload(person);
  const cases: { name: string; scanned: string; problem: string; reason: string }[] = [
    { name: 'nothing', scanned: ' \n', problem: 'empty', reason: 'Nothing was scanned.' },
    {
      name: 'a product barcode',
      scanned: '012345678905',
      problem: 'not_an_id',
      reason: "This barcode is not a driver's licence or state ID.",
    },
    {
      name: 'a package tag',
      scanned: '1A4060300002EE1000012345',
      problem: 'not_an_id',
      reason: "This barcode is not a driver's licence or state ID.",
    },
    {
      name: 'an AAMVA barcode with no licence or ID subfile',
      scanned: licence.replace(/DL(\d{8})/, 'EN$1').replace('DLDCA', 'ENDCA'),
      problem: 'not_an_id',
      reason: "This barcode is not a driver's licence or state ID.",
    },
    {
      name: 'a barcode from before the 2000 standard',
      scanned: licence.replace('ANSI 63601410', 'ANSI 63601400'),
      problem: 'old_format',
      reason: "This ID's barcode uses a format from before 2000 that the register cannot read: type the ID in instead.",
    },
    {
      name: 'no date of birth',
      scanned: licence.replace('DBB01151990\n', ''),
      problem: 'missing_field',
      reason: 'The barcode has no date of birth: type the ID in instead.',
    },
    {
      name: 'no ID number',
      scanned: licence.replace('DAQD1234567\n', ''),
      problem: 'missing_field',
      reason: 'The barcode has no ID number: type the ID in instead.',
    },
    {
      name: 'an expiry that is no date',
      scanned: licence.replace('DBA01152030', 'DBA13452030'),
      problem: 'bad_date',
      reason: "The barcode's expiry date (13452030) is not a date: type the ID in instead.",
    },
    {
      name: 'February 30',
      scanned: licence.replace('DBB01151990', 'DBB02301990'),
      problem: 'bad_date',
      reason: "The barcode's date of birth (02301990) is not a date: type the ID in instead.",
    },
  ];

  it.each(cases)('refuses $name', ({ scanned, problem, reason }) => {
    expect(parseAamva(scanned)).toEqual({ ok: false, problem, reason });
  });
});
