/**
 * Dispensary compliance, engine-free: reading a scanned ID, checking it, the state profiles' schema
 * and checks (the profiles themselves are JSON files the service loads and serves), and the purchase
 * limits. Pure TypeScript for the server, the POS and the back office alike; the API is described in
 * README.md beside this file.
 */
export { parseAamva, type AamvaBarcode, type AamvaProblem, type AamvaResult } from './aamva/parse.js';
export { isJurisdictionCode } from './aamva/issuers.js';
export { ageOn, birthdayOf, isIsoDate, longDate, type IsoDate } from './calendar.js';
export {
  checkId,
  needsIdCheck,
  type IdCheck,
  type IdCheckInput,
  type IdCustomer,
  type IdProblem,
  type MedicalRecommendation,
} from './id-check.js';
export {
  ID_DOCUMENT_LABELS,
  ID_DOCUMENT_TYPES,
  type IdAddress,
  type IdDocument,
  type IdDocumentType,
} from './id-document.js';
export {
  discountRulesOf,
  lineFloorCents,
  NO_DISCOUNT_RULES,
  taxableCents,
  type DiscountRules,
} from './discount-rules.js';
export { formatAmount, limitLine, type CannabisMeasures, type LimitLine } from './limit-lines.js';
export {
  allowances,
  checkCart,
  checkLine,
  type GroupAllowance,
  type LimitCheck,
  type LimitCustomer,
  type LimitInput,
} from './limits.js';
export { countsToward, limitWindow, purchasesCounted } from './purchase-window.js';
export {
  loadStateProfile,
  ProfileError,
  problemWords,
  stateProfileProblems,
  type ProfileProblem,
} from './profiles/load.js';
export {
  COMPLIANCE_CATEGORIES,
  CUSTOMER_TYPE_LABELS,
  CUSTOMER_TYPES,
  StateProfileSchema,
  TAX_BASES,
  type ComplianceCategory,
  type CountRule,
  type CustomerRules,
  type CustomerType,
  type GroupUnit,
  type LimitGroup,
  type ProfileDiscountRules,
  type StateProfile,
  type TaxBase,
} from './profiles/schema.js';
