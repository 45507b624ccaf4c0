import type { ProductMeasures } from '../../../shared/catalog/limit-measures.js';
import { checkCart, needsIdCheck, type StateProfile } from '../../../shared/compliance/index.js';
import { ServicePayError } from '../../../shared/errors.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { idCheckOf } from './customer-id-check.js';
import { CustomersRepository, unknownCustomer, type CustomerRow } from './customers-repository.js';
import { customerView } from './customer-view.js';
import { countedLine, limitCustomer, PurchaseHistory } from './purchase-history.js';
import { enforcedProfile } from '../dispensaries/store-profile.js';
import type { StateProfiles } from '../core/state-profiles/state-profiles.js';
import type { AllowanceAsk, BoughtLine, PurchasesElsewhere } from './purchases-elsewhere.js';

/** One line of a ticket as the limits see it: what it is and how much of it. */
export interface SoldLine extends ProductMeasures {
  quantityMilli: number;
  /** The seed-to-sale package tag of the units sold ('' when the catalog has none). */
  packageLabel: string;
}

/** An order at its hand-over, as its state rules are checked again. */
export interface HandedOver {
  id: string;
  orderNumber: string;
  customerId: string | null;
  items: readonly SoldLine[];
}

/**
 * The state rules at ticket creation (issue 14, README "Customers"): the customer a ticket names is
 * one of the store's, read under its row lock so that the tickets of one customer are made one after
 * another on every instance; and where the store enforces a state profile, a ticket with cannabis
 * needs that customer, with an ID that passes today's check, and stays within the purchase limits
 * with what they bought earlier in the limits' period at every register and online.
 */
export class TicketCompliance {
  private readonly customers: CustomersRepository;
  private readonly history: PurchaseHistory;

  constructor(
    db: DataLayer,
    private readonly profiles: StateProfiles,
    elsewhere?: PurchasesElsewhere,
  ) {
    this.customers = new CustomersRepository(db);
    this.history = new PurchaseHistory(db, elsewhere);
  }

  /** The store's customer `id`, locked until the ticket's write ends; refused when it is not theirs. */
  async customer(tx: Queryable, dispensary: Dispensary, id: string | undefined): Promise<CustomerRow | null> {
    if (id === undefined) return null;
    const row = await this.customers.lock(tx, dispensary.id, id);
    if (!row) throw unknownCustomer(id);
    return row;
  }

  /**
   * Refuses in words handing over `order` (placed earlier, perhaps days before) when the store's
   * rules no longer allow it now: the customer's ID must pass today's check and its lines must fit
   * the limits with what the customer bought in the period since (at a register, another order),
   * the order itself left out. An order naming no customer is refused where its lines need one.
   * `locked`: in the completing write, the customer's row is locked as a ticket's creation locks it.
   */
  async handOver(q: Queryable, dispensary: Dispensary, order: HandedOver, now: Date, locked: boolean): Promise<void> {
    const { customerId } = order;
    const row =
      customerId === null
        ? undefined
        : await (locked
            ? this.customers.lock(q, dispensary.id, customerId)
            : this.customers.find(q, dispensary.id, customerId));
    const profile = enforcedProfile(this.profiles, dispensary);
    const types = order.items.map((line) => line.type);
    if (!row && profile && needsIdCheck(profile, types, true)) {
      throw new ServicePayError(
        'ID_NOT_VERIFIED',
        `order ${order.orderNumber} names no customer, and ${profile.stateName} requires a customer with a checked ID for cannabis: it cannot be handed over`,
        { field: 'customerId' },
      );
    }
    await this.check(q, dispensary, order.items, row ?? null, now, null, order.id);
  }

  /**
   * On an attached register: the customer's allowance its sale of `lines` holds at the store server
   * with its units, when the store enforces state rules and the ticket names a customer.
   */
  allowanceAsk(
    dispensary: Dispensary,
    customerId: string | undefined,
    lines: readonly SoldLine[],
  ): AllowanceAsk | undefined {
    if (customerId === undefined || !enforcedProfile(this.profiles, dispensary)) return undefined;
    return {
      customerId,
      lines: lines.map((line) => ({
        type: line.type,
        name: line.name ?? '',
        deli: line.deli ? 1 : 0,
        quantityMilli: line.quantityMilli,
        cannabisWeightMg: line.cannabisWeightMg,
        thcMg: line.thcMg,
      })),
    };
  }

  /** Refuses a ticket of `lines` that the store's state rules do not allow (nothing when it has none). */
  async check(
    tx: Queryable,
    dispensary: Dispensary,
    lines: readonly SoldLine[],
    customer: CustomerRow | null,
    now: Date,
    /** The customer's purchases at the store server, answered with the sale's hold (null: none). */
    there: BoughtLine[] | null = null,
    /** An order handed over: its own lines are the sale, not among what was bought before. */
    itself?: string,
  ): Promise<void> {
    const profile = enforcedProfile(this.profiles, dispensary);
    if (
      !profile ||
      !needsIdCheck(
        profile,
        lines.map((line) => line.type),
        true,
      )
    )
      return;
    untaggedCannabis(lines, profile);
    if (!customer) {
      throw new ServicePayError(
        'ID_NOT_VERIFIED',
        `${profile.stateName} requires a customer with a checked ID for cannabis: name the store's customer (customerId)`,
        { field: 'customerId' },
      );
    }
    const today = zonedDate(now, dispensary.timezone);
    const verdict = idCheckOf(customerView(customer), today, profile);
    if (!verdict.verified) {
      throw new ServicePayError('ID_NOT_VERIFIED', `the customer may not buy today: ${verdict.reason}`, {
        field: 'customerId',
      });
    }
    const buyer = limitCustomer(customer, verdict.age);
    const alreadyBought = await this.history.counted(tx, dispensary, customer.id, profile, buyer, now, there, itself);
    const cart = lines.map((line) => countedLine(line, line.quantityMilli, profile));
    const verdictOfLimits = checkCart({ profile, customer: buyer, alreadyBought, cart });
    if (!verdictOfLimits.allowed) {
      throw new ServicePayError('PURCHASE_LIMIT', verdictOfLimits.reason, { field: 'items' });
    }
  }
}

/**
 * Refuses a cannabis line whose package has no seed-to-sale tag: the state tracks every unit sold
 * by its package, so a sale without one could not be reported (README "Seed-to-sale reporting").
 */
function untaggedCannabis(lines: readonly SoldLine[], profile: StateProfile): void {
  const nonCannabis = profile.nonCannabisCategories as readonly string[];
  const index = lines.findIndex((line) => !nonCannabis.includes(line.type) && line.packageLabel.trim() === '');
  if (index === -1) return;
  throw new ServicePayError(
    'CONFLICT',
    `${lines[index]!.name ?? 'A product'} has no package tag: ${profile.stateName} tracks every cannabis item sold by its ` +
      "seed-to-sale tag; set the package's label in the catalog first",
    { field: `items[${index}]` },
  );
}
