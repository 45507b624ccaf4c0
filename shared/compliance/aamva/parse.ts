import type { IdDocument, IdDocumentType } from '../id-document.js';
import { addressOf, aamvaDate, dateOrderOf, namesOf, valueOf } from './fields.js';
import { issuerOf } from './issuers.js';
import { readPayload } from './subfiles.js';

/** Why a scan gave no ID; `reason` says it in words. */
export type AamvaProblem = 'empty' | 'not_an_id' | 'old_format' | 'missing_field' | 'bad_date';

/** What the barcode said about itself, beyond the ID. */
export interface AamvaBarcode {
  /** AAMVA version: 1 (DL/ID-2000) to 10 (2020) and later. */
  version: number;
  /** Issuer identification number ("636014": California). */
  iin: string;
  /** The issuing jurisdiction's name, when its IIN is a published one. */
  issuerName?: string;
  country: string;
}

/** A scan read: the ID, or why not in words a cashier can act on. */
export type AamvaResult =
  { ok: true; id: IdDocument; barcode: AamvaBarcode } | { ok: false; problem: AamvaProblem; reason: string };

const TYPES: Record<string, IdDocumentType> = { DL: 'drivers_licence', ID: 'state_id' };

const refuse = (problem: AamvaProblem, reason: string): AamvaResult => ({ ok: false, problem, reason });

const TYPE_IT_IN = 'type the ID in instead';

/**
 * Reads what a 2-D scanner typed from the PDF417 barcode on the back of a US or Canadian driver's
 * licence or ID card (AAMVA DL/ID Card Design Standard, versions 01 to 10 and later), however the
 * keyboard wedge mangled the control characters (see wedge.ts). Never throws.
 */
export function parseAamva(scanned: string): AamvaResult {
  if (scanned.trim() === '') return refuse('empty', 'Nothing was scanned.');
  const payload = readPayload(scanned);
  if (!payload) return refuse('not_an_id', "This barcode is not a driver's licence or state ID.");
  const { header, subfiles } = payload;
  if (header.version < 1) {
    return refuse(
      'old_format',
      `This ID's barcode uses a format from before 2000 that the register cannot read: ${TYPE_IT_IN}.`,
    );
  }
  const subfile = subfiles.find((candidate) => TYPES[candidate.type]);
  if (!subfile) return refuse('not_an_id', "This barcode is not a driver's licence or state ID.");
  const { elements } = subfile;
  const issuer = issuerOf(header.iin);
  const country = valueOf(elements, 'DCG') ?? issuer?.country ?? 'USA';
  const order = dateOrderOf(header.version, country);
  const names = namesOf(elements);
  const idNumber = valueOf(elements, 'DAQ', 'DBJ');
  const jurisdiction = issuer?.code ?? valueOf(elements, 'DAJ');
  const required: [string, string | undefined][] = [
    ['last name', names.last],
    ['first name', names.first],
    ['ID number', idNumber],
    ['issuing state', jurisdiction],
  ];
  for (const [field, value] of required) {
    if (!value) return refuse('missing_field', `The barcode has no ${field}: ${TYPE_IT_IN}.`);
  }
  const dates: Record<'date of birth' | 'expiry date', string | undefined> = {
    'date of birth': valueOf(elements, 'DBB'),
    'expiry date': valueOf(elements, 'DBA'),
  };
  const read: Partial<Record<keyof typeof dates, string>> = {};
  for (const [field, value] of Object.entries(dates) as [keyof typeof dates, string | undefined][]) {
    if (!value) return refuse('missing_field', `The barcode has no ${field}: ${TYPE_IT_IN}.`);
    read[field] = aamvaDate(value, order);
    if (!read[field]) return refuse('bad_date', `The barcode's ${field} (${value}) is not a date: ${TYPE_IT_IN}.`);
  }
  const address = addressOf(elements);
  const id: IdDocument = {
    firstName: names.first!,
    ...(names.middle ? { middleName: names.middle } : {}),
    lastName: names.last!,
    dateOfBirth: read['date of birth']!,
    expiry: read['expiry date']!,
    idNumber: idNumber!,
    jurisdiction: jurisdiction!,
    documentType: TYPES[subfile.type]!,
    ...(address ? { address } : {}),
  };
  const barcode: AamvaBarcode = {
    version: header.version,
    iin: header.iin,
    ...(issuer ? { issuerName: issuer.name } : {}),
    country,
  };
  return { ok: true, id, barcode };
}
