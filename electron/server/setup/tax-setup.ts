import type { NewTaxClassInput, TaxClassView, TaxRateInput } from '../../../shared/contracts/setup.js';
import { invalidInput } from '../../../shared/errors.js';
import { formatPercent, parsePercent, type Ppm } from '../../../shared/money.js';
import { TaxRepository, type NewTaxRate, type TaxClass } from '../catalog/tax-repository.js';
import type { Queryable } from '../db/query.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';

/** A percentage as typed ("7.25") in parts per million, or INVALID_INPUT naming `field`. */
export function percentToPpm(text: string, field: string): Ppm {
  const ppm = parsePercent(text);
  if (ppm === undefined) {
    throw invalidInput(
      field,
      `must be a percentage from 0 to 100 with at most 4 decimals, such as 7.25 (not "${text}")`,
    );
  }
  return ppm;
}

function toRate(input: TaxRateInput, field: string): NewTaxRate {
  return { name: input.name, ratePpm: percentToPpm(input.percent, `${field}.percent`) };
}

function toView(taxClass: TaxClass, productCount: number): TaxClassView {
  return {
    code: taxClass.code,
    name: taxClass.name,
    percent: formatPercent(taxClass.totalPpm),
    rates: taxClass.rates.map((rate) => ({
      id: rate.id,
      name: rate.name,
      percent: formatPercent(rate.ratePpm),
      ratePpm: rate.ratePpm,
    })),
    productCount,
  };
}

/**
 * Tax classes and their layered rates: a product's tax class adds up its rates (state excise, then
 * state and local sales tax…) and a line is taxed at the sum. Orders already placed keep the tax they
 * were priced with; new orders and quotes use the rates as they are now.
 */
export class TaxSetup {
  private readonly taxes: TaxRepository;

  constructor(private readonly access: StoreAccess) {
    this.taxes = new TaxRepository(access.db);
  }

  async list(actor: SetupActor, shortName: string): Promise<TaxClassView[]> {
    const store = await this.access.store(actor, shortName);
    return this.views(this.access.db, store.id);
  }

  async addClass(actor: SetupActor, shortName: string, input: NewTaxClassInput): Promise<TaxClassView> {
    const rates = (input.rates ?? []).map((rate, index) => toRate(rate, `rates[${index}]`));
    return this.access.storeWrite(actor, shortName, async (tx, store) => {
      const created = await this.taxes.createClass(tx, store.id, { code: input.code, name: input.name, rates });
      return toView(created, 0);
    });
  }

  /** Adds the rate, or changes the class's rate of that name. */
  async setRate(actor: SetupActor, shortName: string, code: string, rate: TaxRateInput): Promise<TaxClassView> {
    const checked = toRate(rate, 'rate');
    // Tickets keep a class's rates (its tax layers) in memory: a changed rate invalidates them.
    return this.access.storeWrite(
      actor,
      shortName,
      async (tx, store) => {
        await this.taxes.setRate(tx, store.id, code, checked);
        return this.view(tx, store.id, code);
      },
      { cached: true },
    );
  }

  async removeRate(actor: SetupActor, shortName: string, code: string, rateName: string): Promise<TaxClassView> {
    return this.access.storeWrite(
      actor,
      shortName,
      async (tx, store) => {
        await this.taxes.removeRate(tx, store.id, code, rateName);
        return this.view(tx, store.id, code);
      },
      { cached: true },
    );
  }

  /** Removes a class no product is taxed by. */
  async removeClass(actor: SetupActor, shortName: string, code: string): Promise<void> {
    await this.access.storeWrite(actor, shortName, (tx, store) => this.taxes.removeClass(tx, store.id, code));
  }

  private async views(q: Queryable, dispensaryId: string): Promise<TaxClassView[]> {
    const counts = await this.taxes.productCounts(q, dispensaryId);
    const classes = await this.taxes.listForDispensary(q, dispensaryId);
    return classes.map((taxClass) => toView(taxClass, counts.get(taxClass.id) ?? 0));
  }

  private async view(q: Queryable, dispensaryId: string, code: string): Promise<TaxClassView> {
    return (await this.views(q, dispensaryId)).find((view) => view.code === code)!;
  }
}
