import type { ExpressionBuilder } from 'kysely';
import { invalidInput } from '../../../shared/errors.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Dialect } from '../db/dialects/dialect.js';
import { pageNewestFirst, type PageKey } from '../db/newest-first.js';
import type { Builder, Queryable } from '../db/query.js';
import type { CustomersTable, Database } from '../db/schema.js';
import { prefixRange } from './customer-keys.js';
import type { CustomerColumns } from './customer-input.js';
import type { SearchTerm } from './customer-search.js';

/** A customer as stored; `medical_limits` still JSON text. */
export type CustomerRow = CustomersTable;

/** The refusal of a sale (a ticket, its quote, reward dollars) naming a customer the store does not have. */
export const unknownCustomer = (id: string) =>
  invalidInput('customerId', `does not name a customer of this store: ${id}`);

/** The columns a customer's details fill, as a query's values (adding and changing write the same). */
const editable = (p: CustomerColumns) => ({
  first_name: p.first_name,
  middle_name: p.middle_name,
  last_name: p.last_name,
  first_key: p.first_key,
  last_key: p.last_key,
  date_of_birth: p.date_of_birth,
  id_type: p.id_type,
  id_number: p.id_number,
  id_jurisdiction: p.id_jurisdiction,
  id_expiry: p.id_expiry,
  customer_type: p.customer_type,
  medical_number: p.medical_number,
  medical_expiry: p.medical_expiry,
  medical_limits: p.medical_limits,
  phone: p.phone,
  email: p.email,
  notes: p.notes,
  veteran: p.veteran,
});

const selectCustomers = (k: Builder) => k.selectFrom('customers').selectAll();

/**
 * The first-added of the customers `select` finds, other than `except`: the one a refusal names.
 * Ordered by `unindexed` time: SQLite would otherwise walk the store's customers in the order of
 * their index by time (`customers_created`) rather than read the few with the phone or email by theirs.
 */
const oldestFirst = (dialect: Dialect, select: ReturnType<typeof selectCustomers>, p: { except: string }) =>
  select.where('id', '!=', p.except).orderBy(dialect.unindexed('created_at')).orderBy('id').limit(1);

/** A phone or email `withPhone` or `withEmail` looks for: the phone's digits, the email's `emailKey`. */
type ContactLookup = { dispensaryId: string; except: string };

/** The store's first-added customer other than `except` with this phone: the index `customers_phone`. */
export const customerWithPhone = (k: Builder, dialect: Dialect, p: ContactLookup & { phone: string }) =>
  oldestFirst(dialect, selectCustomers(k).where('dispensary_id', '=', p.dispensaryId).where('phone', '=', p.phone), p);

/**
 * The store's first-added customer other than `except` whose email is `email` in any case: the email
 * as the dialect's `asciiLower` gives it, as migration 74's index `customers_email_key` holds it.
 */
export const customerWithEmail = (k: Builder, dialect: Dialect, p: ContactLookup & { email: string }) =>
  oldestFirst(
    dialect,
    selectCustomers(k).where('dispensary_id', '=', p.dispensaryId).where(dialect.asciiLower('email'), '=', p.email),
    p,
  );

type Where = ExpressionBuilder<Database, 'customers'>;
type KeyColumn = 'first_key' | 'last_key' | 'phone' | 'id_number';

/** `column` starts with `prefix`: a range of its index (see prefixRange). */
function startsWith(eb: Where, column: KeyColumn, prefix: string, letters: 'lower' | 'upper' = 'lower') {
  const { from, to } = prefixRange(prefix, letters);
  return to === undefined ? eb(column, '>=', from) : eb.and([eb(column, '>=', from), eb(column, '<', to)]);
}

/** The conditions a search term puts on a store's customers (any of them matches). */
function matching(eb: Where, term: Exclude<SearchTerm, { kind: 'everyone' }>) {
  if (term.kind === 'number') {
    const byId = startsWith(eb, 'id_number', term.idNumber, 'upper');
    return term.phone === undefined ? byId : eb.or([startsWith(eb, 'phone', term.phone), byId]);
  }
  const any = [];
  if (term.either !== undefined) {
    any.push(startsWith(eb, 'last_key', term.either), startsWith(eb, 'first_key', term.either));
  }
  if (term.both) {
    any.push(eb.and([startsWith(eb, 'last_key', term.both.last), startsWith(eb, 'first_key', term.both.first)]));
  }
  if (term.last !== undefined) any.push(startsWith(eb, 'last_key', term.last));
  return eb.or(any);
}

/**
 * A store's customers. One customer per ID at a store (the unique constraint on store, issuer and
 * number): a second one is not inserted and the first one's id is answered instead, on whichever
 * service instance it was added. A change reads the row under its lock, so two changes at once
 * apply one after the other.
 */
export class CustomersRepository {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.q = {
      insert: db.prepare((k, p: CustomerRow) =>
        k
          .insertInto('customers')
          .values({
            id: p.id,
            organization_id: p.organization_id,
            dispensary_id: p.dispensary_id,
            ...editable(p),
            created_at: p.created_at,
            updated_at: p.updated_at,
            created_by_id: p.created_by_id,
            created_by_name: p.created_by_name,
          })
          .onConflict((c) => c.columns(['dispensary_id', 'id_jurisdiction', 'id_number']).doNothing()),
      ),
      byId: db.prepare((k, p: { dispensaryId: string; id: string }) =>
        selectCustomers(k).where('dispensary_id', '=', p.dispensaryId).where('id', '=', p.id),
      ),
      byIdLocked: db.prepare((k, p: { dispensaryId: string; id: string }) =>
        db.dialect.forNoKeyUpdate(
          selectCustomers(k).where('dispensary_id', '=', p.dispensaryId).where('id', '=', p.id),
        ),
      ),
      byDocument: db.prepare((k, p: { dispensaryId: string; jurisdiction: string; number: string }) =>
        selectCustomers(k)
          .where('dispensary_id', '=', p.dispensaryId)
          .where('id_jurisdiction', '=', p.jurisdiction)
          .where('id_number', '=', p.number),
      ),
      lockStore: db.prepare((k, p: { dispensaryId: string }) =>
        db.dialect.forNoKeyUpdate(k.selectFrom('dispensaries').select('id').where('id', '=', p.dispensaryId)),
      ),
      byPhone: db.prepare((k, p: ContactLookup & { phone: string }) => customerWithPhone(k, db.dialect, p)),
      byEmail: db.prepare((k, p: ContactLookup & { email: string }) => customerWithEmail(k, db.dialect, p)),
      update: db.prepare((k, p: CustomerColumns & { id: string; updated_at: string }) =>
        k
          .updateTable('customers')
          .set({
            ...editable(p),
            updated_at: p.updated_at,
          })
          .where('id', '=', p.id),
      ),
    };
  }

  /** Adds a customer; false (nothing written) when the store has a customer with this ID already. */
  async insert(tx: Queryable, row: CustomerRow): Promise<boolean> {
    return (await tx.run(this.q.insert, row)) === 1;
  }

  find(q: Queryable, dispensaryId: string, id: string): Promise<CustomerRow | undefined> {
    return q.first(this.q.byId, { dispensaryId, id });
  }

  /** The customer, locked until the write transaction ends. */
  lock(tx: Queryable, dispensaryId: string, id: string): Promise<CustomerRow | undefined> {
    return tx.first(this.q.byIdLocked, { dispensaryId, id });
  }

  /** The store's customer with this ID (issuer and number as stored), if any. */
  withDocument(q: Queryable, dispensaryId: string, jurisdiction: string, number: string) {
    return q.first(this.q.byDocument, { dispensaryId, jurisdiction, number });
  }

  /**
   * Holds the store's row until the write ends (PostgreSQL; SQLite's writer holds everything), so
   * two customers added or changed at once, on any instance, never both take one phone or email:
   * those have no constraint (a store may hold customers who shared one from before they were
   * compared).
   */
  async lockStore(tx: Queryable, dispensaryId: string): Promise<void> {
    await tx.first(this.q.lockStore, { dispensaryId });
  }

  /** The store's first-added customer other than `except` with this phone (digits, as stored), if any. */
  withPhone(q: Queryable, dispensaryId: string, phone: string, except = '') {
    return q.first(this.q.byPhone, { dispensaryId, phone, except });
  }

  /** The store's first-added customer other than `except` with this email (`emailKey`: in any case), if any. */
  withEmail(q: Queryable, dispensaryId: string, email: string, except = '') {
    return q.first(this.q.byEmail, { dispensaryId, email, except });
  }

  /** Writes a customer's fields (the row locked by `lock` in the same transaction). */
  async update(tx: Queryable, id: string, columns: CustomerColumns, updatedAt: string): Promise<void> {
    await tx.run(this.q.update, { ...columns, id, updated_at: updatedAt });
  }

  /** The store's customers matching `term`, newest added first, keyset paged on (created_at, id). */
  search(q: Queryable, dispensaryId: string, term: SearchTerm, after: PageKey | undefined, limit: number) {
    let select = selectCustomers(this.db.builder).where('dispensary_id', '=', dispensaryId);
    if (term.kind !== 'everyone') select = select.where((eb) => matching(eb, term));
    return q.all(pageNewestFirst(select, { time: 'created_at', id: 'id' }, after, limit));
  }
}
