/**
 * What the standard's data elements look like, for splitting run-together text (run-together.ts):
 * which ids exist, which a version uses, and what a value of each well-shaped element must be.
 */

/** The data element ids of DL and ID subfiles, versions 01 to 10. */
export const ELEMENT_ID = /D(?:A[A-Z]|B[A-S]|C[ABD-U]|D[A-L])/y;

/** Elements of version 01 (DL/ID-2000) that later versions replaced. */
const VERSION_1_ONLY = /^D(A[ABEFLMNOPRST]|B[EFHIJKLMOPQR])$/;

/** Elements introduced from version 02 on. */
const LATER_ONLY = /^D[CD]/;

/** True when `id` is an element the barcode's version writes. */
export function usedInVersion(id: string, version: number): boolean {
  return version <= 1 ? !LATER_ONLY.test(id) : !VERSION_1_ONLY.test(id);
}

const DATE = /^\d{8}$/;
/** Names and places: letters, spaces and the punctuation names carry ("O'NEIL", "SMITH-JONES", "LAST,FIRST"). */
const NAME = /^[A-Za-z][A-Za-z '.,$-]*$/;

/** Values of the elements with a fixed shape; any other element holds free text. */
export const VALUE_RULES: Record<string, RegExp> = {
  DAA: NAME,
  DAB: NAME,
  DAC: NAME,
  DAD: NAME,
  DCS: NAME,
  DCT: NAME,
  DCU: NAME,
  DAI: NAME,
  DAR: /^[A-Z0-9]{1,6}$/,
  DCA: /^[A-Z0-9 ]{1,6}$/,
  DBA: DATE,
  DBB: DATE,
  DBD: DATE,
  DDB: DATE,
  DDC: DATE,
  DDH: DATE,
  DDI: DATE,
  DDJ: DATE,
  DBC: /^[129MFX]$/,
  DDA: /^[FN]$/,
  DDD: /^[01]$/,
  DDE: /^[TNU]$/,
  DDF: /^[TNU]$/,
  DDG: /^[TNU]$/,
  DDK: /^[01]$/,
  DDL: /^[01]$/,
  DCG: /^(USA|CAN|MEX)$/,
  DAJ: /^[A-Z]{2}$/,
  DAY: /^[A-Z]{3}$/,
  DAZ: /^[A-Z]{3}$/,
  DAU: /^\d{2,3}( ?(IN|CM))?$/,
  DAV: /^\d{2,3}( ?CM)?$/,
  DAW: /^\d{2,3}$/,
  DAX: /^\d{2,3}$/,
  DCE: /^\d$/,
  DAK: /^[0-9A-Z ]{3,11}$/,
};

/** The elements every DL or ID subfile of a version must have (Annex D's mandatory elements). */
const MANDATORY = {
  version1: new Set(['DAA', 'DAG', 'DAI', 'DAJ', 'DAK', 'DAQ', 'DBA', 'DBB', 'DBC', 'DBD']),
  versions2to3: new Set('DCA DCB DCD DBA DCS DCT DBD DBB DBC DAY DAU DAG DAI DAJ DAK DAQ DCF DCG'.split(' ')),
  later: new Set('DCA DCB DCD DBA DCS DAC DAD DBD DBB DBC DAY DAU DAG DAI DAJ DAK DAQ DCF DCG DDE DDF DDG'.split(' ')),
};

function mandatoryIn(version: number): ReadonlySet<string> {
  if (version <= 1) return MANDATORY.version1;
  return version <= 3 ? MANDATORY.versions2to3 : MANDATORY.later;
}

/**
 * How well `value` fits as element `id` of a `version` barcode: undefined when it cannot be that
 * element (blank, or the wrong shape: the standard writes NONE for what a card lacks). Otherwise a
 * mandatory element of the version scores 3, an optional one 1 when its value has the element's
 * fixed shape and 0 when it is free text (a split that only adds free text gains nothing), and an
 * element the version does not use -1 (possible, but a poor guess).
 */
export function fitScore(id: string, value: string, version: number): number | undefined {
  const text = value.trim();
  const rule = VALUE_RULES[id];
  if (text === '' || (rule && !rule.test(text))) return undefined;
  if (!usedInVersion(id, version)) return -1;
  if (mandatoryIn(version).has(id)) return 3;
  return rule ? 1 : 0;
}
