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

/** A rate as given: its name and parts per million. */
export interface NewTaxRate {
  name: string;
  ratePpm: Ppm;
}

export interface NewTaxClass {
  code: string;
  name: string;
  rates: NewTaxRate[];
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
      updateRate: db.prepare((k, p: { id: number; ratePpm: number }) =>
        k.updateTable('tax_rates').set({ rate_ppm: p.ratePpm }).where('id', '=', p.id),
      ),
      deleteRate: db.prepare((k, p: { id: number }) => k.deleteFrom('tax_rates').where('id', '=', p.id)),
      deleteRates: db.prepare((k, p: { classId: number }) =>
        k.deleteFrom('tax_rates').where('tax_class_id', '=', p.classId),
      ),
      deleteClass: db.prepare((k, p: { classId: number }) => k.deleteFrom('tax_classes').where('id', '=', p.classId)),
      // Holds the class while its rates are read, checked and changed (rates have no unique name constraint).
      lockClass: db.prepare((k, p: { dispensaryId: string; code: string }) =>
        db.dialect.forUpdate(
          k
            .selectFrom('tax_classes')
            .select('id')
            .where('dispensary_id', '=', p.dispensaryId)
            .where('code', '=', p.code),
        ),
      ),
      productCounts: db.prepare((k, p: { dispensaryId: string }) =>
        k
          .selectFrom('products')
          .select((eb) => ['tax_class_id as classId', eb.fn.countAll<number>().as('count')])
          .where('dispensary_id', '=', p.dispensaryId)
          .groupBy('tax_class_id'),
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
    return (await this.find(tx, dispensaryId, input.code))!;
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

  async find(q: Queryable, dispensaryId: string, code: string): Promise<TaxClass | undefined> {
    return (await this.listForDispensary(q, dispensaryId)).find((taxClass) => taxClass.code === code);
  }

  /** How many products (active or not) point at each class of the dispensary, by class id. */
  async productCounts(q: Queryable, dispensaryId: string): Promise<Map<number, number>> {
    const rows = await q.all(this.q.productCounts, { dispensaryId });
    return new Map(rows.map((row) => [row.classId, Number(row.count)]));
  }

  /**
   * Sets the rate named `rate.name` of a class (names compare without case): changes its rate when
   * the class has it, adds it otherwise. The class is locked for the read-check-write.
   */
  async setRate(tx: Queryable, dispensaryId: string, code: string, rate: NewTaxRate): Promise<TaxClass> {
    checkRate(rate, 'rate');
    const taxClass = await this.locked(tx, dispensaryId, code);
    const name = rate.name.trim();
    const existing = taxClass.rates.find((known) => sameName(known.name, name));
    if (existing) await tx.run(this.q.updateRate, { id: existing.id, ratePpm: rate.ratePpm });
    else await tx.run(this.q.insertRate, { classId: taxClass.id, name, ratePpm: rate.ratePpm });
    return (await this.find(tx, dispensaryId, code))!;
  }

  /** Removes the rate named `name` (any case) from a class; NOT_FOUND names the class's rates. */
  async removeRate(tx: Queryable, dispensaryId: string, code: string, name: string): Promise<TaxClass> {
    const taxClass = await this.locked(tx, dispensaryId, code);
    const rate = taxClass.rates.find((known) => sameName(known.name, name.trim()));
    if (!rate) {
      const names = taxClass.rates.map((known) => known.name).join(', ') || 'none';
      throw new ServicePayError(
        'NOT_FOUND',
        `tax class ${code} has no rate named "${name.trim()}" (its rates: ${names})`,
      );
    }
    await tx.run(this.q.deleteRate, { id: rate.id });
    return (await this.find(tx, dispensaryId, code))!;
  }

  /** Removes a class and its rates; CONFLICT while products are taxed by it. */
  async removeClass(tx: Queryable, dispensaryId: string, code: string): Promise<void> {
    const taxClass = await this.locked(tx, dispensaryId, code);
    const used = (await this.productCounts(tx, dispensaryId)).get(taxClass.id) ?? 0;
    if (used > 0) {
      throw new ServicePayError(
        'CONFLICT',
        `tax class ${code} taxes ${used} product${used === 1 ? '' : 's'}; move them to another class first`,
      );
    }
    await tx.run(this.q.deleteRates, { classId: taxClass.id });
    await tx.run(this.q.deleteClass, { classId: taxClass.id });
  }

  private async locked(tx: Queryable, dispensaryId: string, code: string): Promise<TaxClass> {
    const row = await tx.first(this.q.lockClass, { dispensaryId, code });
    const taxClass = row && (await this.find(tx, dispensaryId, code));
    if (!taxClass) {
      const codes = (await this.listForDispensary(tx, dispensaryId)).map((known) => known.code).join(', ') || 'none';
      throw new ServicePayError('NOT_FOUND', `no tax class ${code} in this dispensary (its classes: ${codes})`);
    }
    return taxClass;
  }
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A rate's name (1 to 100 characters) and ppm (0 to 1 000 000), or INVALID_INPUT naming `field`. */
export function checkRate(rate: NewTaxRate, field: string): void {
  const name = rate.name.trim();
  if (name.length === 0 || name.length > 100) throw invalidInput(`${field}.name`, 'must be 1 to 100 characters');
  if (!Number.isSafeInteger(rate.ratePpm) || rate.ratePpm < 0 || rate.ratePpm > 1_000_000) {
    throw invalidInput(`${field}.ratePpm`, 'must be a whole number of ppm from 0 to 1000000');
  }
}

function checkTaxClass(input: NewTaxClass): void {
  if (!CODE.test(input.code) || input.code.length > 40) {
    throw invalidInput('code', 'must be 1 to 40 lower-case letters and digits, separated by single - or _');
  }
  if (input.name.trim().length === 0 || input.name.length > 200)
    throw invalidInput('name', 'must be 1 to 200 characters');
  const seen = new Set<string>();
  input.rates.forEach((rate, index) => {
    checkRate(rate, `rates[${index}]`);
    const key = rate.name.trim().toLowerCase();
    if (seen.has(key)) throw invalidInput(`rates[${index}].name`, `repeats the rate "${rate.name.trim()}"`);
    seen.add(key);
  });
}
