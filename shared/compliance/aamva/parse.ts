import type { IsoDate } from '../calendar.js';
import type { IdDocument, IdDocumentType } from '../id-document.js';
import { addressOf, aamvaDate, dateOrderOf, namesOf, valueOf, type DateOrder } from './fields.js';
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

const TYPE_IT_IN = 'type the ID in instead';
const NOT_AN_ID = "This barcode is not a driver's licence or state ID.";

/** Why a scan is refused; thrown inside the parser and returned as a result by `parseAamva`. */
class Refusal {
  constructor(
    readonly problem: AamvaProblem,
    readonly reason: string,
  ) {}
}

function need(value: string | undefined, field: string): string {
  if (!value) throw new Refusal('missing_field', `The barcode has no ${field}: ${TYPE_IT_IN}.`);
  return value;
}

function dateOf(value: string | undefined, field: string, order: DateOrder): IsoDate {
  const date = aamvaDate(need(value, field), order);
  if (!date) throw new Refusal('bad_date', `The barcode's ${field} (${value}) is not a date: ${TYPE_IT_IN}.`);
  return date;
}

function read(scanned: string): { id: IdDocument; barcode: AamvaBarcode } {
  if (scanned.trim() === '') throw new Refusal('empty', 'Nothing was scanned.');
  const payload = readPayload(scanned);
  if (!payload) throw new Refusal('not_an_id', NOT_AN_ID);
  const { header, subfiles } = payload;
  if (header.version < 1) {
    const reason = `This ID's barcode uses a format from before 2000 that the register cannot read: ${TYPE_IT_IN}.`;
    throw new Refusal('old_format', reason);
  }
  const subfile = subfiles.find((candidate) => TYPES[candidate.type]);
  if (!subfile) throw new Refusal('not_an_id', NOT_AN_ID);
  const { elements } = subfile;
  const issuer = issuerOf(header.iin);
  const country = valueOf(elements, 'DCG') ?? issuer?.country ?? 'USA';
  const order = dateOrderOf(header.version, country);
  const names = namesOf(elements);
  const address = addressOf(elements);
  const id: IdDocument = {
    lastName: need(names.last, 'last name'),
    firstName: need(names.first, 'first name'),
    ...(names.middle ? { middleName: names.middle } : {}),
    idNumber: need(valueOf(elements, 'DAQ', 'DBJ'), 'ID number'),
    jurisdiction: need(issuer?.code ?? valueOf(elements, 'DAJ'), 'issuing state'),
    dateOfBirth: dateOf(valueOf(elements, 'DBB'), 'date of birth', order),
    expiry: dateOf(valueOf(elements, 'DBA'), 'expiry date', order),
    documentType: TYPES[subfile.type]!,
    ...(address ? { address } : {}),
  };
  const barcode = { version: header.version, iin: header.iin, ...(issuer ? { issuerName: issuer.name } : {}), country };
  return { id, barcode };
}

/**
 * Reads what a 2-D scanner typed from the PDF417 barcode on the back of a US or Canadian driver's
 * licence or ID card (AAMVA DL/ID Card Design Standard, versions 01 to 10 and later), however the
 * keyboard wedge mangled the control characters (see wedge.ts). A scan it cannot use comes back as a
 * result with the reason in words, never as an exception.
 */
export function parseAamva(scanned: string): AamvaResult {
  try {
    return { ok: true, ...read(scanned) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem, reason: error.reason };
    throw error;
  }
}
