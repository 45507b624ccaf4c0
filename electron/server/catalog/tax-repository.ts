import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { Ppm } from '../../../shared/money.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from './sqlite-errors.js';

/** One tax levied on a class of products, e.g. "State excise" at 150 000 ppm (15 %). */
export interface TaxRate {
  id: number;
  name: string;
  ratePpm: Ppm;
}

/** A named set of rates that products point at (`cannabis`, `non-cannabis`). */
export interface TaxClass {
  id: number;
  dispensaryId: string;
  code: string;
  name: string;
  rates: TaxRate[];
  /** Sum of the rates: what a line is taxed at. */
  totalPpm: Ppm;
}

export interface NewTaxClass {
  code: string;
  name: string;
  rates: { name: string; ratePpm: Ppm }[];
}

interface RateRow {
  class_id: number;
  code: string;
  class_name: string;
  rate_id: number | null;
  rate_name: string | null;
  rate_ppm: number | null;
}

const CODE = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

/** Tax classes and their rates, per dispensary. */
export class TaxRepository {
  private readonly insertClass;
  private readonly insertRate;
  private readonly listRows;
  private readonly createTx;

  constructor(db: Db) {
    this.insertClass = db.prepare<[string, string, string]>(
      'INSERT INTO tax_classes (dispensary_id, code, name) VALUES (?, ?, ?)',
    );
    this.insertRate = db.prepare<[number | bigint, string, number]>(
      'INSERT INTO tax_rates (tax_class_id, name, rate_ppm) VALUES (?, ?, ?)',
    );
    this.listRows = db.prepare<[string], RateRow>(`
      SELECT c.id AS class_id, c.code, c.name AS class_name, r.id AS rate_id, r.name AS rate_name, r.rate_ppm
        FROM tax_classes c LEFT JOIN tax_rates r ON r.tax_class_id = c.id
       WHERE c.dispensary_id = ? ORDER BY c.code, r.id`);
    this.createTx = db.transaction((dispensaryId: string, input: NewTaxClass) => {
      checkTaxClass(input);
      let classId: number | bigint;
      try {
        classId = this.insertClass.run(dispensaryId, input.code, input.name.trim()).lastInsertRowid;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw new ServicePayError('CONFLICT', `tax class ${input.code} already exists`, { field: 'code' });
      }
      for (const rate of input.rates) this.insertRate.run(classId, rate.name.trim(), rate.ratePpm);
      return this.listForDispensary(dispensaryId).find((taxClass) => taxClass.code === input.code)!;
    });
  }

  /** Creates a class with its rates in one transaction. */
  createClass(dispensaryId: string, input: NewTaxClass): TaxClass {
    return this.createTx(dispensaryId, input);
  }

  /** Every class of the dispensary with its rates, by code. */
  listForDispensary(dispensaryId: string): TaxClass[] {
    const classes = new Map<number, TaxClass>();
    for (const row of this.listRows.all(dispensaryId)) {
      let taxClass = classes.get(row.class_id);
      if (!taxClass) {
        taxClass = { id: row.class_id, dispensaryId, code: row.code, name: row.class_name, rates: [], totalPpm: 0 };
        classes.set(row.class_id, taxClass);
      }
      if (row.rate_id !== null) {
        taxClass.rates.push({ id: row.rate_id, name: row.rate_name!, ratePpm: row.rate_ppm! });
        taxClass.totalPpm += row.rate_ppm!;
      }
    }
    return [...classes.values()];
  }
}

function checkTaxClass(input: NewTaxClass): void {
  if (!CODE.test(input.code) || input.code.length > 40) {
    throw invalidInput('code', 'must be 1 to 40 lower-case letters and digits, separated by single - or _');
  }
  if (input.name.trim().length === 0 || input.name.length > 200)
    throw invalidInput('name', 'must be 1 to 200 characters');
  input.rates.forEach((rate, index) => {
    if (rate.name.trim().length === 0) throw invalidInput(`rates[${index}].name`, 'must not be empty');
    if (!Number.isSafeInteger(rate.ratePpm) || rate.ratePpm < 0 || rate.ratePpm > 1_000_000) {
      throw invalidInput(`rates[${index}].ratePpm`, 'must be a whole number of ppm from 0 to 1000000');
    }
  });
}
