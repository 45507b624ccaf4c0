/**
 * Issuer identification numbers (IIN) of the AAMVA jurisdictions: the six digits after "ANSI " in a
 * licence's barcode name who issued it (AAMVA's published IIN list). The issuer, not the address on
 * the card, is the ID's jurisdiction; Canadian issuers write their dates year first.
 */

/** Who issued an ID: its two-letter code, its name and its country. */
export interface Issuer {
  code: string;
  name: string;
  country: 'USA' | 'CAN' | 'MEX';
}

const usa = (code: string, name: string): Issuer => ({ code, name, country: 'USA' });
const can = (code: string, name: string): Issuer => ({ code, name, country: 'CAN' });

const ISSUERS: Record<string, Issuer> = {
  '636000': usa('VA', 'Virginia'),
  '636001': usa('NY', 'New York'),
  '636002': usa('MA', 'Massachusetts'),
  '636003': usa('MD', 'Maryland'),
  '636004': usa('NC', 'North Carolina'),
  '636005': usa('SC', 'South Carolina'),
  '636006': usa('CT', 'Connecticut'),
  '636007': usa('LA', 'Louisiana'),
  '636008': usa('MT', 'Montana'),
  '636009': usa('NM', 'New Mexico'),
  '636010': usa('FL', 'Florida'),
  '636011': usa('DE', 'Delaware'),
  '636012': can('ON', 'Ontario'),
  '636013': can('NS', 'Nova Scotia'),
  '636014': usa('CA', 'California'),
  '636015': usa('TX', 'Texas'),
  '636016': can('NL', 'Newfoundland and Labrador'),
  '636017': can('NB', 'New Brunswick'),
  '636018': usa('IA', 'Iowa'),
  '636019': usa('GU', 'Guam'),
  '636020': usa('CO', 'Colorado'),
  '636021': usa('AR', 'Arkansas'),
  '636022': usa('KS', 'Kansas'),
  '636023': usa('OH', 'Ohio'),
  '636024': usa('VT', 'Vermont'),
  '636025': usa('PA', 'Pennsylvania'),
  '636026': usa('AZ', 'Arizona'),
  '636027': usa('US', 'U.S. Department of State'),
  '636028': can('BC', 'British Columbia'),
  '636029': usa('OR', 'Oregon'),
  '636030': usa('MO', 'Missouri'),
  '636031': usa('WI', 'Wisconsin'),
  '636032': usa('MI', 'Michigan'),
  '636033': usa('AL', 'Alabama'),
  '636034': usa('ND', 'North Dakota'),
  '636035': usa('IL', 'Illinois'),
  '636036': usa('NJ', 'New Jersey'),
  '636037': usa('IN', 'Indiana'),
  '636038': usa('MN', 'Minnesota'),
  '636039': usa('NH', 'New Hampshire'),
  '636040': usa('UT', 'Utah'),
  '636041': usa('ME', 'Maine'),
  '636042': usa('SD', 'South Dakota'),
  '636043': usa('DC', 'District of Columbia'),
  '636044': can('SK', 'Saskatchewan'),
  '636045': usa('WA', 'Washington'),
  '636046': usa('KY', 'Kentucky'),
  '636047': usa('HI', 'Hawaii'),
  '636048': can('MB', 'Manitoba'),
  '636049': usa('NV', 'Nevada'),
  '636050': usa('ID', 'Idaho'),
  '636051': usa('MS', 'Mississippi'),
  '636052': usa('RI', 'Rhode Island'),
  '636053': usa('TN', 'Tennessee'),
  '636054': usa('NE', 'Nebraska'),
  '636055': usa('GA', 'Georgia'),
  '636056': { code: 'CU', name: 'Coahuila', country: 'MEX' },
  '636057': { code: 'HL', name: 'Hidalgo', country: 'MEX' },
  '636058': usa('OK', 'Oklahoma'),
  '636059': usa('AK', 'Alaska'),
  '636060': usa('WY', 'Wyoming'),
  '636061': usa('WV', 'West Virginia'),
  '636062': usa('VI', 'U.S. Virgin Islands'),
  '604426': can('PE', 'Prince Edward Island'),
  '604427': usa('AS', 'American Samoa'),
  '604428': can('QC', 'Quebec'),
  '604429': can('YT', 'Yukon'),
  '604430': usa('MP', 'Northern Mariana Islands'),
  '604431': usa('PR', 'Puerto Rico'),
  '604432': can('AB', 'Alberta'),
  '604433': can('NU', 'Nunavut'),
};

/**
 * The jurisdictions that issue IDs: every issuer above and the Northwest Territories (whose IIN is
 * not listed here: its cards are read by their printed fields).
 */
export const JURISDICTIONS: readonly Issuer[] = [...Object.values(ISSUERS), can('NT', 'Northwest Territories')];

const JURISDICTION_CODES: ReadonlySet<string> = new Set(JURISDICTIONS.map(({ code }) => code));

/** Whether `code` ("CA", "ON") is a US state or territory, a Canadian province or territory, or a listed Mexican state. */
export function isJurisdictionCode(code: string): boolean {
  return JURISDICTION_CODES.has(code);
}

/** The issuer of an IIN, or undefined for a number AAMVA has not published. */
export function issuerOf(iin: string): Issuer | undefined {
  return ISSUERS[iin];
}

/** The IIN of a jurisdiction code ("CA" → "636014"), for building sample barcodes. */
export function iinOf(code: string): string | undefined {
  return Object.entries(ISSUERS).find(([, issuer]) => issuer.code === code)?.[0];
}
