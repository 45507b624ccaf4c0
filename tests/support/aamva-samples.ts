import { iinOf, issuerOf } from '../../shared/compliance/aamva/issuers.js';
import type { IdDocumentType } from '../../shared/compliance/id-document.js';

/**
 * Real-format AAMVA DL/ID barcode payloads for test people: the text a PDF417 on the back of a
 * licence holds, with the header's subfile count, offsets and lengths computed as the standard
 * (Annex D) defines them, the elements each version has, and each version's date order.
 * `wedgeBurst` (aamva-wedge.ts) turns a payload into what a keyboard-wedge scanner types.
 * Unit tests parse these; Playwright types them into the POS as a scanner burst.
 */

/** Someone to print on a test ID. Dates are `YYYY-MM-DD`. */
export interface SamplePerson {
  firstName: string;
  middleName?: string;
  lastName: string;
  dateOfBirth: string;
  expiry: string;
  issued?: string;
  idNumber: string;
  /** Issuing state or province code ("CA", "ON"). */
  jurisdiction: string;
  documentType?: IdDocumentType;
  sex?: 'male' | 'female' | 'unspecified';
  address?: { street: string; city: string; state: string; postalCode: string };
}

/** How to print it: the AAMVA version (1 to 10), and whether to add the jurisdiction's Z subfile. */
export interface SampleOptions {
  version?: number;
  jurisdictionVersion?: number;
  jurisdictionSubfile?: boolean;
}

const LF = '\n';
const RS = '\x1e';
const CR = '\r';

/** A Sacramento adult with a valid California licence; override any field. */
export function samplePerson(overrides: Partial<SamplePerson> = {}): SamplePerson {
  return {
    firstName: 'MARIA',
    middleName: 'ELENA',
    lastName: 'GARCIA',
    dateOfBirth: '1990-01-15',
    expiry: '2030-01-15',
    issued: '2022-01-10',
    idNumber: 'D1234567',
    jurisdiction: 'CA',
    documentType: 'drivers_licence',
    sex: 'female',
    address: { street: '3150 FOLSOM BLVD', city: 'SACRAMENTO', state: 'CA', postalCode: '958160000' },
    ...overrides,
  };
}

const pad2 = (value: number) => String(value).padStart(2, '0');

function aamvaDate(date: string, order: 'MDY' | 'YMD'): string {
  const [year, month, day] = date.split('-') as [string, string, string];
  return order === 'YMD' ? `${year}${month}${day}` : `${month}${day}${year}`;
}

/** The elements of the DL or ID subfile, in the order the standard lists them for `version`. */
function elementsFor(person: SamplePerson, version: number, country: string): [string, string][] {
  const order = version <= 1 || country === 'CAN' ? 'YMD' : 'MDY';
  const date = (value: string) => aamvaDate(value, order);
  const licence = (person.documentType ?? 'drivers_licence') === 'drivers_licence';
  const sex = { male: '1', female: '2', unspecified: '9' }[person.sex ?? 'unspecified'];
  const address: [string, string][] = person.address
    ? [
        ['DAG', person.address.street],
        ['DAI', person.address.city],
        ['DAJ', person.address.state],
        ['DAK', person.address.postalCode.padEnd(11, ' ')],
      ]
    : [];
  const issued: [string, string][] = person.issued ? [['DBD', date(person.issued)]] : [];
  if (version <= 1) {
    const fullName = [person.lastName, person.firstName, person.middleName].filter(Boolean).join(',');
    return [
      ['DAQ', person.idNumber],
      ['DAA', fullName],
      ...address,
      ['DBA', date(person.expiry)],
      ['DBB', date(person.dateOfBirth)],
      ['DBC', sex],
      ...issued,
      ['DAU', '510'],
    ];
  }
  const vehicle: [string, string][] = licence
    ? [
        ['DCA', 'C'],
        ['DCB', 'NONE'],
        ['DCD', 'NONE'],
      ]
    : [];
  const names: [string, string][] =
    version <= 3
      ? [
          ['DCS', person.lastName],
          ['DCT', [person.firstName, person.middleName].filter(Boolean).join(',')],
        ]
      : [
          ['DCS', person.lastName],
          ['DAC', person.firstName],
          ['DAD', person.middleName ?? 'NONE'],
        ];
  const truncation: [string, string][] =
    version >= 4
      ? [
          ['DDE', 'N'],
          ['DDF', 'N'],
          ['DDG', 'N'],
        ]
      : [];
  const compliance: [string, string][] =
    version >= 5
      ? [
          ['DDA', 'F'],
          ['DDB', date('2020-06-01')],
        ]
      : [];
  return [
    ...vehicle,
    ['DBA', date(person.expiry)],
    ...names,
    ...issued,
    ['DBB', date(person.dateOfBirth)],
    ['DBC', sex],
    ['DAY', 'BRO'],
    ['DAU', '065 IN'],
    ...address,
    ['DAQ', person.idNumber],
    ['DCF', `${person.idNumber}${pad2(version)}DOCDISC`],
    ['DCG', country],
    ...truncation,
    ...compliance,
  ];
}

/** The payload a licence's PDF417 holds, byte for byte (ASCII, so characters are bytes). */
export function aamvaPayload(person: SamplePerson, options: SampleOptions = {}): string {
  const version = options.version ?? 10;
  const iin = iinOf(person.jurisdiction);
  if (!iin) throw new Error(`No AAMVA issuer number for jurisdiction ${person.jurisdiction}`);
  const country = issuerOf(iin)!.country;
  const type = (person.documentType ?? 'drivers_licence') === 'drivers_licence' ? 'DL' : 'ID';
  const subfiles: [string, string][] = [
    [
      type,
      elementsFor(person, version, country)
        .map(([id, value]) => `${id}${value}`)
        .join(LF),
    ],
  ];
  if (options.jurisdictionSubfile ?? true) {
    const z = `Z${person.jurisdiction[0]}`;
    subfiles.push([z, `${z}A${person.jurisdiction}SAMPLE${LF}${z}B0`]);
  }
  const bodies = subfiles.map(([subfileType, elements]) => `${subfileType}${elements}${CR}`);
  const jurisdictionVersion = version >= 2 ? pad2(options.jurisdictionVersion ?? 0) : '';
  const head = `@${LF}${RS}${CR}ANSI ${iin}${pad2(version)}${jurisdictionVersion}${pad2(subfiles.length)}`;
  let offset = head.length + 10 * subfiles.length;
  const designators = subfiles.map(([subfileType], index) => {
    const designator = `${subfileType}${String(offset).padStart(4, '0')}${String(bodies[index]!.length).padStart(4, '0')}`;
    offset += bodies[index]!.length;
    return designator;
  });
  const payload = head + designators.join('') + bodies.join('');
  if ([...payload].some((char) => char.charCodeAt(0) > 0x7f)) {
    throw new Error('AAMVA payloads are ASCII: use plain letters');
  }
  return payload;
}
