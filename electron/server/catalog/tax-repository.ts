import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { Ppm } from '../../../shared/money.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

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

const CODE = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

/** Tax classes and their rates, per dispensary. */
export class TaxRepository {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.q = {
      insertClass: db.prepare((k, p: { dispensaryId: string; code: string; name: string }) =>
        k
          .insertInto('tax_classes')
          .values({ dispensary_id: p.dispensaryId, code: p.code, name: p.name })
          .returning('id'),
      ),
      insertRate: db.prepare((k, p: { classId: number; name: string; ratePpm: number }) =>
        k.insertInto('tax_rates').values({ tax_class_id: p.classId, name: p.name, rate_ppm: p.ratePpm }),
      ),
      list: db.prepare((k, p: { dispensaryId: string }) =>
        k
          .selectFrom('tax_classes as c')
          .leftJoin('tax_rates as r', 'r.tax_class_id', 'c.id')
          .select([
            'c.id as classId',
            'c.code',
            'c.name as className',
            'r.id as rateId',
            'r.name as rateName',
            'r.rate_ppm as ratePpm',
          ])
          .where('c.dispensary_id', '=', p.dispensaryId)
          .orderBy('c.code')
          .orderBy('r.id'),
      ),
    };
  }

  /** Creates a class with its rates, in the caller's write. */
  async createClass(tx: Queryable, dispensaryId: string, input: NewTaxClass): Promise<TaxClass> {
    checkTaxClass(input);
    let classId: number;
    try {
      const inserted = await tx.first(this.q.insertClass, { dispensaryId, code: input.code, name: input.name.trim() });
      classId = inserted!.id;
    } catch (error) {
      if (!this.db.dialect.isUniqueViolation(error)) throw error;
      throw new ServicePayError('CONFLICT', `tax class ${input.code} already exists`, { field: 'code' });
    }
    for (const rate of input.rates) {
      await tx.run(this.q.insertRate, { classId, name: rate.name.trim(), ratePpm: rate.ratePpm });
    }
    return (await this.listForDispensary(tx, dispensaryId)).find((taxClass) => taxClass.code === input.code)!;
  }

  /** Every class of the dispensary with its rates, by code. */
  async listForDispensary(q: Queryable, dispensaryId: string): Promise<TaxClass[]> {
    const classes = new Map<number, TaxClass>();
    for (const row of await q.all(this.q.list, { dispensaryId })) {
      let taxClass = classes.get(row.classId);
      if (!taxClass) {
        taxClass = { id: row.classId, dispensaryId, code: row.code, name: row.className, rates: [], totalPpm: 0 };
        classes.set(row.classId, taxClass);
      }
      if (row.rateId !== null) {
        taxClass.rates.push({ id: row.rateId, name: row.rateName!, ratePpm: row.ratePpm! });
        taxClass.totalPpm += row.ratePpm!;
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
