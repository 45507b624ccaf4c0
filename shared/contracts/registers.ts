import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { ColumnValue, Count, Milli, Sequence, SequenceMark } from '../numbers.js';

/**
 * Registers attached to a store server (README "Attaching registers"): a manager enrolls a register
 * once, the register gets its own credentials (`registerId` + `secret`, sent as HTTP Basic) and
 * keeps a replica of its store (catalog, prices, taxes, staff, payment configuration) in its own
 * SQLite. The server's back office and CLI list the store's registers and revoke one.
 */

const DateTime = Type.String({ format: 'date-time' });
const OrNull = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** A register as a manager sees it (never its secret). */
export const RegisterViewSchema = Type.Object({
  registerId: Type.String(),
  /** Its terminal id at the store (`front-1`): what its POS, pole display and drawer are known by. */
  name: Type.String(),
  /** Who enrolled it, by display name ("Morgan Manager"). */
  enrolledBy: Type.String(),
  enrolledAt: DateTime,
  /** When it last asked the server for anything with its credentials; null: never since enrolled. */
  lastSeenAt: OrNull(DateTime),
  /** When a manager revoked it: its credentials are refused from then on. */
  revokedAt: OrNull(DateTime),
});
export type RegisterView = Static<typeof RegisterViewSchema>;

export const RegistersResponse = Type.Object({ ...SuccessFields, registers: Type.Array(RegisterViewSchema) });
export const RegisterResponse = Type.Object({ ...SuccessFields, register: RegisterViewSchema });

export const NewRegisterSchema = Type.Object(
  {
    // No schema pattern: a refused name would read as a regular expression. RegisterSetup.enroll
    // checks it (isTerminalId) and says the rule in words.
    name: Type.String({
      maxLength: 200,
      description:
        'The terminal id of the register at the store: a letter or digit, then letters, digits, - or _ (at most 40)',
    }),
  },
  { additionalProperties: false },
);
export type NewRegisterInput = Static<typeof NewRegisterSchema>;

/** A register just enrolled (or enrolled again, which retires its earlier credentials). */
export const EnrolledRegisterResponse = Type.Object({
  ...SuccessFields,
  register: RegisterViewSchema,
  secret: Type.String({ description: 'Shown this once; only its hash is stored' }),
  dispensary: Type.Object({ id: Type.String(), shortName: Type.String(), name: Type.String() }),
  notice: Type.Optional(
    Type.String({
      description:
        "What is left to do, in words: a drawer shift of the register's name still open at the server " +
        '(count it and close it in Drawers before a machine that replaces it opens its drawer)',
    }),
  ),
});
export type EnrolledRegister = Static<typeof EnrolledRegisterResponse>;

/**
 * On an attached register: whether its store server answers (checked every second), since when,
 * and its replica's last refresh. Answered by `GET /v2.0/register/link` and sent on the live
 * channel's `link` topic as `link.updated`; null on a standalone register.
 */
export const LinkStatusSchema = Type.Object({
  serverUrl: Type.String(),
  /** The register's name at the store (its terminal id). */
  name: Type.String(),
  /** True: the server answers; false: it does not (or refuses this register); null: not asked yet. */
  reachable: Type.Union([Type.Boolean(), Type.Null()]),
  /** When `reachable` last changed. */
  since: OrNull(DateTime),
  /** Why the server is not reached, or refused the register, in words; null when it answers. */
  problem: OrNull(Type.String()),
  /** The server answers but refuses this register (revoked, or its credentials replaced): a manager attaches it again. */
  refused: Type.Boolean(),
  /** When the replica (catalog, prices, staff) was last refreshed from the server. */
  refreshedAt: OrNull(DateTime),
  /** The store, on the server and in the register's replica. */
  dispensaryId: Type.String(),
  /** What waits at the register to be forwarded to the server: sales (orders) and changes in all. */
  waiting: Type.Object({ sales: Count(), changes: Count() }),
  /**
   * The register hears the server's changes to its online orders as they happen (its pickup queue is
   * live); false while it does not (the link is down, or its stream is reconnecting).
   */
  ordersLive: Type.Boolean(),
});
export type LinkStatus = Static<typeof LinkStatusSchema>;
export const LinkStatusResponse = Type.Object({ ...SuccessFields, link: Type.Union([LinkStatusSchema, Type.Null()]) });

/** How many changes one forward call carries at most, and how far past its `after` they may reach. */
export const FORWARD_RECORDS_MAX = 2000;

/** One change of an attached register, as its forward queue keeps it (migration 020). */
export const ForwardRecordSchema = Type.Object(
  {
    /** Its place in the register's queue: the server applies each once, in this order. */
    seq: Sequence(),
    table: Type.String({ maxLength: 64 }),
    op: Type.Union([Type.Literal('upsert'), Type.Literal('delete'), Type.Literal('stock')]),
    /** The whole row after the change; its key for a delete; `{id}` of the package for stock. */
    row: Type.Record(Type.String(), ColumnValue),
    /**
     * An update of a row with a version: the version (`updated_at`) it was made over. The server
     * applies it only over that version, else lists it as changed on both sides.
     */
    base: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    /** Stock: what the change moved (thousandths of the package's unit). */
    onHandDelta: Type.Optional(Milli()),
    reservedDelta: Type.Optional(Milli()),
  },
  { additionalProperties: false },
);
export type ForwardRecord = Static<typeof ForwardRecordSchema>;

export const ForwardRequestSchema = Type.Object(
  {
    /** The register's queue (a new data folder attached as the same register numbers from 1 again). */
    queueId: Type.String({ minLength: 1, maxLength: 64 }),
    /**
     * The last change of the queue before these (0: none yet): the register has let go of every
     * change up to it, as the server's answers allowed. Its changes come after it, within 2,000 places.
     */
    after: SequenceMark(),
    records: Type.Array(ForwardRecordSchema, { maxItems: FORWARD_RECORDS_MAX }),
    /**
     * The first change the register still keeps, let go of or not (at most `after` + 1): a server
     * whose mark is behind `after` (restored from a backup) answers the mark it has instead of
     * applying, and the register sends again what follows it. Absent: it keeps none.
     */
    keptFrom: Type.Optional(Sequence()),
  },
  { additionalProperties: false },
);
export type ForwardRequest = Static<typeof ForwardRequestSchema>;

export const ForwardResponse = Type.Object({
  ...SuccessFields,
  /** Every change of the queue up to this one is applied here: the register lets them go. */
  forwardedSeq: SequenceMark(),
  /** Changes applied by this call (not those applied before). */
  applied: Count(),
  /** Exceptions this call wrote down for the store (stock below zero, a number taken, a change refused). */
  exceptions: Count(),
});

/** Something the store must look at after a register's sales were forwarded to the server. */
export const ForwardExceptionSchema = Type.Object({
  id: Type.String(),
  registerId: Type.String(),
  /** The register's name at the store (`front-1`). */
  registerName: Type.String(),
  /** The change's place in the register's queue. */
  seq: SequenceMark(),
  /**
   * `negative_stock`: a register sold more of a package than the server had (count it);
   * `reserved_short`: after a register's sales, open orders hold more of a package than the server
   * has (two registers sold the same units offline): count it; each order can still be completed;
   * `number_taken`: an order got another number here; `not_applied`: a change the server refused;
   * `stored_declined`: a card payment the register stored offline was declined when it was sent;
   * `changed_here`: a row changed on the server since the register last sent it (its change not applied);
   * `changes_missing`: changes the register let go of never reached the server (restored from a backup?);
   * `went_back`: the register sent changes again that it had let go of (restored from a backup?);
   * `deal_past_limit`: a sale used a deal past its use limits, the register deciding alone (offline);
   * `shift_replaced`: the register opened a drawer while its earlier shift (a machine replaced under the
   * same name) was open here: that shift was closed as replaced, not counted (count its drawer);
   * `z_renumbered`: a Z report of the register has another number here, its own taken by another shift.
   */
  kind: Type.Union([
    Type.Literal('negative_stock'),
    Type.Literal('reserved_short'),
    Type.Literal('number_taken'),
    Type.Literal('not_applied'),
    Type.Literal('stored_declined'),
    Type.Literal('changed_here'),
    Type.Literal('changes_missing'),
    Type.Literal('went_back'),
    Type.Literal('deal_past_limit'),
    Type.Literal('shift_replaced'),
    Type.Literal('z_renumbered'),
  ]),
  orderId: Type.Union([Type.String(), Type.Null()]),
  packageId: Type.Union([Type.String(), Type.Null()]),
  /** What happened, in words. */
  detail: Type.String(),
  at: DateTime,
});
export type ForwardExceptionView = Static<typeof ForwardExceptionSchema>;

export const ForwardExceptionsResponse = Type.Object({
  ...SuccessFields,
  exceptions: Type.Array(ForwardExceptionSchema),
});

/** On a register: whether it can be attached from its own screen (a new register: no store, no link). */
export const AttachStateResponse = Type.Object({
  ...SuccessFields,
  /** True on a new register: its POS offers to attach it to a store server. */
  attachable: Type.Boolean(),
  /** Where it is attached, and the store's short name its screens use; null when it is not. */
  attached: Type.Union([
    Type.Object({ serverUrl: Type.String(), name: Type.String(), dispensaryShortName: Type.String() }),
    Type.Null(),
  ]),
});
export type AttachState = Static<typeof AttachStateResponse>;

export const AttachRequestSchema = Type.Object(
  {
    serverUrl: Type.String({ maxLength: 500, description: "The store server's address: http(s)://host[:port]" }),
    /** The store's short name on the server. */
    dispensary: Type.String({ maxLength: 200 }),
    /** The register's name at the store (its terminal id). */
    name: Type.String({ maxLength: 200 }),
    username: Type.String({ maxLength: 200 }),
    password: Type.String({ maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type AttachRequest = Static<typeof AttachRequestSchema>;

export const AttachedResponse = Type.Object({
  ...SuccessFields,
  serverUrl: Type.String(),
  name: Type.String(),
  /** The store's name and short name on the server. */
  dispensaryName: Type.String(),
  dispensaryShortName: Type.String(),
  /** What is left to do at the server, in words (EnrolledRegister's `notice`). */
  notice: Type.Optional(Type.String()),
});

/** How many of its orders a register asks about in one `POST /v2.0/register/orders`. */
export const OWN_ORDERS_MAX = 1000;

/**
 * `POST /v2.0/register/orders`: a register's own orders, each with the version of it and its
 * payments the register holds (`OrderVersions`), to learn the server's later changes to them (a
 * refund at the back office, an order made ready at the counter).
 */
export const OwnOrdersRequest = Type.Object(
  {
    orders: Type.Array(
      Type.Object(
        {
          id: Type.String({ minLength: 1, maxLength: 64 }),
          version: Type.String({ minLength: 1, maxLength: 64 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: OWN_ORDERS_MAX },
    ),
  },
  { additionalProperties: false },
);
export type OwnOrdersRequestType = Static<typeof OwnOrdersRequest>;

/** One row of a table, as a register and its server exchange it (column name: value). */
export const TableRow = Type.Record(Type.String(), ColumnValue);

export const OwnOrdersResponse = Type.Object({
  ...SuccessFields,
  /** The asked orders of the register's store whose version here differs: their rows as the server has them. */
  orders: Type.Array(TableRow),
  /** Every payment of those orders, as the server has it. */
  payments: Type.Array(TableRow),
});
export type OwnOrdersAnswer = Static<typeof OwnOrdersResponse>;
