// The one CSV writer (shared/csv.ts): the service's exports and the back office's use the same rules.
export { textField, toCsv } from '../../../shared/csv';
