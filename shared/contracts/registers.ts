import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';

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
});
export type LinkStatus = Static<typeof LinkStatusSchema>;
export const LinkStatusResponse = Type.Object({ ...SuccessFields, link: Type.Union([LinkStatusSchema, Type.Null()]) });
