/**
 * Reading a state transfer manifest for receiving (issue 30): a delivery from Metrc's JSON, our JSON
 * or a CSV file, checked into a ManifestDraft or refused with every problem in words, and the
 * catalog products each item may be. Pure: the receiving service and the back office call the same.
 */
export {
  MANIFEST_MAX_BYTES,
  MANIFEST_MAX_PACKAGES,
  MANIFEST_MAX_PROBLEMS,
  type ManifestDraft,
  type ManifestField,
  type ManifestLab,
  type ManifestPackage,
  type ManifestProblem,
  type ManifestResult,
  type ManifestUnit,
} from './manifest-types.js';
export { parseManifestJson, readManifestObject } from './manifest-json.js';
export { parseManifestCsv } from './manifest-csv.js';
export {
  GRAMS_PER_OUNCE,
  GRAMS_PER_POUND,
  MILLILITERS_PER_FLUID_OUNCE,
  STATE_UNIT_NAMES,
  unitAbbreviation,
} from './manifest-units.js';
export {
  isSureSuggestion,
  MATCH_MIN_SCORE,
  sureSuggestion,
  ProductMatcher,
  suggestProducts,
  type MatchableProduct,
  type ProductSuggestion,
} from './manifest-match.js';
export { NAME_GRAMS_PER_OUNCE } from './manifest-tokens.js';
export { unitMismatch } from './package-fit.js';
