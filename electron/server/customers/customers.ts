import { parseAamva, type IdDocument } from '../../../shared/compliance/index.js';
import type {
  Customer,
  CustomerList,
  CustomerPatch,
  CustomerSearchQuery,
  NewCustomer,
  Verification,
} from '../../../shared/contracts/customers.js';
import type { AuditAction } from '../../../shared/contracts/audit.js';
import { ServicePayError } from '../../../shared/errors.js';
import { CUSTOMER_TYPE_LABELS, type CustomerType } from '../../../shared/compliance/index.js';
import { AuditRepository } from '../core/audit-repository.js';
import type { Queryable } from '../db/query.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import type { DataLayer } from '../db/data-layer.js';
import { timeOrderedUuid } from '../db/ids.js';
import { decodeCursor, encodeCursor } from '../db/newest-first.js';
import { alreadyOnFile } from './already-on-file.js';
import { duplicateOf } from './one-person.js';
import type { CustomerActor, CustomerStore } from './customer-actor.js';
import { idCheckOf } from './customer-id-check.js';
import { customerColumns, type CustomerRules } from './customer-input.js';
import { idNumberKey } from './customer-keys.js';
import { parseSearch } from './customer-search.js';
import { customerFields, customerView } from './customer-view.js';
import { CustomersRepository, type CustomerRow } from './customers-repository.js';
import { profileOf } from '../dispensaries/store-profile.js';
import type { StateProfiles } from '../core/state-profiles/state-profiles.js';

export { COMMAND_LINE, type CustomerActor, type CustomerStore } from './customer-actor.js';

const DEFAULT_PAGE = 20;

/**
 * A store's customers (README "Customers"): added with their ID's details, found again by name,
 * phone or ID number, filled from a scanned licence, changed, and checked for a sale today under the
 * store's state rules (`checkId` of shared/compliance). The HTTP routes and the `servicepay
 * customers` command both call it.
 */
export class Customers {
  private readonly customers: CustomersRepository;
  private readonly audit: AuditRepository;

  constructor(private readonly ctx: { db: DataLayer; now: () => Date; profiles: StateProfiles }) {
    this.customers = new CustomersRepository(ctx.db);
    this.audit = new AuditRepository(ctx.db);
  }

  /** The audit event of adding or changing `row`, in its transaction: who, and whom (by name). */
  private record(tx: Queryable, action: AuditAction, row: CustomerRow, actor: CustomerActor, at: Date) {
    const reason = `${row.first_name} ${row.last_name}, ${CUSTOMER_TYPE_LABELS[row.customer_type as CustomerType]}`;
    return this.audit.record(tx, {
      action,
      actor: actor.audit,
      organizationId: row.organization_id,
      dispensaryId: row.dispensary_id,
      at,
      reason,
    });
  }

  /** The rules of a customer's fields at `store` now, for `actor` (none: reading, nothing is set). */
  private rules(store: CustomerStore, now: Date, actor?: CustomerActor): CustomerRules {
    const profile = profileOf(this.ctx.profiles, store);
    return { today: zonedDate(now, store.timezone), profile, mayRaiseLimits: actor?.manager ?? false };
  }

  /**
   * Adds a customer; CONFLICT naming the customer on file when the store has one with this ID, this
   * phone or this email (`duplicateOf`), and nothing is written.
   */
  async create(store: CustomerStore, input: NewCustomer, actor: CustomerActor): Promise<Customer> {
    const now = this.ctx.now();
    const at = now.toISOString();
    const row: CustomerRow = {
      ...customerColumns(input, this.rules(store, now, actor)),
      id: timeOrderedUuid(now.getTime()),
      organization_id: store.organizationId,
      dispensary_id: store.id,
      created_at: at,
      updated_at: at,
      created_by_id: actor.id,
      created_by_name: actor.name,
    };
    const refused = await this.ctx.db.write(async (tx) => {
      await this.customers.lockStore(tx, store.id);
      const duplicate = await duplicateOf(this.customers, tx, store.id, row);
      if (duplicate) return duplicate;
      // The ID's constraint still holds against a register's customer forwarded meanwhile (no store lock).
      if (!(await this.customers.insert(tx, row))) return duplicateOf(this.customers, tx, store.id, row);
      await this.record(tx, 'customer_added', row, actor, now);
      return undefined;
    });
    if (refused) throw refused;
    return customerView(row);
  }

  /** The store's customer `id`; NOT_FOUND when the store has none with it. */
  async get(store: CustomerStore, id: string): Promise<Customer> {
    return customerView(await this.row(store, id));
  }

  private async row(store: CustomerStore, id: string): Promise<CustomerRow> {
    const row = await this.customers.find(this.ctx.db, store.id, id);
    if (!row) throw notFound(id);
    return row;
  }

  /**
   * Changes the fields `patch` names (null clears an optional one), by the same rules as `create`:
   * an ID, phone or email it gives the customer must be no other customer's.
   */
  async update(store: CustomerStore, id: string, patch: CustomerPatch, actor: CustomerActor): Promise<Customer> {
    const now = this.ctx.now();
    const rules = this.rules(store, now, actor);
    try {
      const { row, refused } = await this.ctx.db.write(async (tx) => {
        // The store's row first, as a product's save takes it, then the customer's, as a ticket does.
        await this.customers.lockStore(tx, store.id);
        const stored = await this.customers.lock(tx, store.id, id);
        if (!stored) throw notFound(id);
        const columns = changedColumns(customerView(stored), patch, rules);
        const duplicate = await duplicateOf(this.customers, tx, store.id, columns, stored);
        if (duplicate) return { row: stored, refused: duplicate };
        await this.customers.update(tx, id, columns, now.toISOString());
        const changed = { ...stored, ...columns, updated_at: now.toISOString() };
        await this.record(tx, 'customer_changed', changed, actor, now);
        return { row: changed, refused: undefined };
      });
      if (refused) throw refused;
      return customerView(row);
    } catch (error) {
      // A register's customer with that ID was forwarded between the check and the write (without the store's lock).
      if (!this.ctx.db.dialect.isUniqueViolation(error)) throw error;
      const columns = changedColumns(await this.get(store, id), patch, rules);
      const holder = await this.customers.withDocument(
        this.ctx.db,
        store.id,
        columns.id_jurisdiction,
        columns.id_number,
      );
      throw holder ? alreadyOnFile(holder) : error;
    }
  }

  /** A page of the store's customers matching `q`, newest added first. */
  async search(store: CustomerStore, query: CustomerSearchQuery): Promise<CustomerList> {
    const limit = query.limit ?? DEFAULT_PAGE;
    const search = parseSearch(query.q);
    // A cursor pages the list of the store and search it was issued for, and no other.
    const list = { name: 'customers', filter: { store: store.id, search: JSON.stringify(search) }, field: 'before' };
    const cursor = query.before === undefined ? undefined : decodeCursor(list, query.before);
    const after = cursor && { at: cursor.createdAt, id: cursor.id };
    const rows = await this.customers.search(this.ctx.db, store.id, search, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      resultCode: 'SUCCESS',
      resultReason: null,
      customers: page.map(customerView),
      nextCursor: rows.length > limit && last ? encodeCursor(list, last.created_at, last.id) : null,
    };
  }

  /**
   * Reads a scanned licence or ID card (`parseAamva`): its details, and the store's customer with
   * that ID if there is one. A scan that is not a readable ID is refused with the parser's reason.
   */
  async fromId(store: CustomerStore, scanned: string): Promise<{ parsed: IdDocument; existing: Customer | null }> {
    const result = parseAamva(scanned);
    if (!result.ok) throw new ServicePayError('INVALID_INPUT', result.reason, { field: 'scanned' });
    const { jurisdiction, idNumber } = result.id;
    const existing = await this.customers.withDocument(this.ctx.db, store.id, jurisdiction, idNumberKey(idNumber));
    return { parsed: result.id, existing: existing ? customerView(existing) : null };
  }

  /**
   * The ID check of a person the store does not have yet, for a sale on its today: `input` is
   * checked by the rules of adding them, and nothing is stored, so a refused ID (under age,
   * expired) never becomes a customer. The register adds them only once this check passes.
   */
  async checkNew(store: CustomerStore, input: NewCustomer): Promise<Omit<Verification, 'resultCode' | 'resultReason'>> {
    const rules = this.rules(store, this.ctx.now());
    const { today, profile } = rules;
    const columns = customerColumns(input, rules);
    const verification = idCheckOf(
      {
        dateOfBirth: columns.date_of_birth,
        idExpiry: columns.id_expiry,
        customerType: columns.customer_type as CustomerType,
        medical: columns.medical_expiry === null ? null : { expires: columns.medical_expiry },
      },
      today,
      profile,
    );
    return { verification, today, profile };
  }

  /** The ID check of customer `id` for a sale on the store's today, under its state rules. */
  async verification(store: CustomerStore, id: string): Promise<Omit<Verification, 'resultCode' | 'resultReason'>> {
    const customer = await this.get(store, id);
    const { today, profile } = this.rules(store, this.ctx.now());
    const verification = idCheckOf(customer, today, profile);
    return { verification, today, profile };
  }
}

/** The columns of customer `onFile` with `patch` laid over, by the rules of adding one (their own limits kept). */
const changedColumns = (onFile: Customer, patch: CustomerPatch, rules: CustomerRules) =>
  customerColumns({ ...customerFields(onFile), ...patch }, { ...rules, limitsOnFile: onFile.medical?.limits });

const notFound = (id: string) => new ServicePayError('NOT_FOUND', `this store has no customer ${id}`);
