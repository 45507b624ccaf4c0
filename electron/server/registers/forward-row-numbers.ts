import { PPM_MAX, QUANTITY_MAX_MILLI, SAFE_MAX, WEIGHT_MAX } from '../../../shared/numbers.js';
import type { ForwardRecord } from '../../../shared/contracts/registers.js';
import { ServicePayError } from '../../../shared/errors.js';

/** A kind of column by its name, and the numbers it holds. */
interface ColumnRange {
  name: RegExp;
  whole: boolean;
  min: number;
  max: number;
  /** What its numbers count, in words. */
  of: string;
}

/**
 * The ranges of the numbered columns of the rows a register forwards, by the names every table
 * gives them: the same as the service's own API takes (shared/contracts/numbers.ts). Any other
 * column takes a number within safe integers (the forward's schema).
 */
const RANGES: readonly ColumnRange[] = [
  { name: /_cents$/, whole: true, min: -SAFE_MAX, max: SAFE_MAX, of: 'cents' },
  { name: /_milli$/, whole: true, min: -QUANTITY_MAX_MILLI, max: QUANTITY_MAX_MILLI, of: 'thousandths of a unit' },
  { name: /_mg$/, whole: true, min: 0, max: SAFE_MAX, of: 'milligrams' },
  { name: /_ppm$/, whole: true, min: 0, max: PPM_MAX, of: 'parts per million' },
  { name: /^weight$/, whole: false, min: 0, max: WEIGHT_MAX, of: "the product's unit of weight" },
];

/**
 * Refuses a forward (400, in words, nothing written) whose row has a number its column cannot
 * hold: a fraction of a cent or of a thousandth, a quantity past what a package holds.
 */
export function checkRowNumbers(records: readonly ForwardRecord[]): void {
  records.forEach((record, i) => {
    for (const [column, value] of Object.entries(record.row)) {
      if (typeof value !== 'number') continue;
      const range = RANGES.find((candidate) => candidate.name.test(column));
      if (!range) continue;
      if ((range.whole && !Number.isInteger(value)) || value < range.min || value > range.max) {
        const field = `records[${i}].row.${column}`;
        const kind = range.whole ? `a whole number of ${range.of}` : `a number in ${range.of}`;
        throw new ServicePayError('INVALID_INPUT', `${field} must be ${kind} from ${range.min} to ${range.max}`, {
          field,
        });
      }
    }
  });
}
