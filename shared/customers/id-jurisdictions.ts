/**
 * Who issues driver's licences and state IDs, by their two letters and their names: every US state,
 * the District of Columbia and the US territories, every Canadian province and territory, and the
 * other issuers a scanned licence names (shared/compliance's AAMVA list: the U.S. Department of
 * State, and the Mexican states it lists), so a licence typed by hand passes as its scan does.
 */
const JURISDICTIONS: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  US: 'U.S. Department of State',
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
  CU: 'Coahuila',
  HL: 'Hidalgo',
};

/** A name as compared: "Québec", "quebec" and "QUEBEC." are one; "U.S. Virgin Islands" is "usvirginislands". */
export const placeKey = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

const BY_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries(JURISDICTIONS).map(([code, name]) => [placeKey(name), code]),
);

/** Every two-letter code a licence or state ID may be issued by. */
export const JURISDICTION_CODES: readonly string[] = Object.keys(JURISDICTIONS);

/** The name of a licence's issuer ("CA" → "California"), or undefined for no such code. */
export const jurisdictionName = (code: string): string | undefined =>
  Object.hasOwn(JURISDICTIONS, code) ? JURISDICTIONS[code] : undefined;

/**
 * The two letters of a licence's issuer as typed: its code in any case ("ca", "CA"), or its name
 * ("California", "new york", "Québec"); undefined when it is neither.
 */
export function jurisdictionCode(text: string): string | undefined {
  const code = text.trim().toUpperCase();
  if (jurisdictionName(code) !== undefined) return code;
  return BY_NAME.get(placeKey(text));
}
