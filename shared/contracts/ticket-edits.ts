import { Type, type Static } from 'typebox';
import { LINE_QUANTITY_MAX } from '../numbers.js';
import { ReasonField } from './audit.js';

/**
 * Editing an order's lines before it is paid (README "Changing an order's lines"): the picker swaps
 * a package, changes a quantity or takes off a line that cannot be filled; the order is priced
 * again and answered whole, as `GET …/ticket/<orderId>` answers it.
 */

/** The most lines a ticket has, and so the most changes one edit makes. */
export const TICKET_LINES_MAX = 100;

/**
 * One change to one line, named by its `lineIndex` (which never changes: the other lines keep
 * theirs when one is taken off). Either `quantity`, `packageId` or both, or `remove` alone.
 */
export const TicketLineChangeSchema = Type.Object(
  {
    lineIndex: Type.Integer({
      minimum: 1,
      maximum: TICKET_LINES_MAX,
      description: "The line's `lineIndex` in the ticket.",
    }),
    quantity: Type.Optional(
      Type.Number({
        // Below 1 is refused by the service in words naming the line's product (not at the edge).
        minimum: -LINE_QUANTITY_MAX,
        maximum: LINE_QUANTITY_MAX,
        description:
          'The new quantity: whole units for a counted line, the weight in its unit type (up to 3 decimals) ' +
          'for a weighed (deli) line. More than 0; to take the line off, send `remove: true`.',
      }),
    ),
    packageId: Type.Optional(
      Type.String({
        format: 'uuid',
        description:
          "Another package of the line's product in this store to take the units from (another batch on " +
          'the shelf); it must have them available.',
      }),
    ),
    remove: Type.Optional(
      Type.Literal(true, { description: 'Takes the line off the order (its units go back to stock).' }),
    ),
  },
  { additionalProperties: false },
);
/** One change to one line of an order. */
export type TicketLineChange = Static<typeof TicketLineChangeSchema>;

/** `POST …/ecommerce/ticket/<orderId>/lines`: the changes, made all together or not at all. */
export const TicketLinesEditSchema = Type.Object(
  {
    changes: Type.Array(TicketLineChangeSchema, {
      minItems: 1,
      maxItems: TICKET_LINES_MAX,
      description: 'At most one change per line.',
    }),
    reason: ReasonField,
  },
  { additionalProperties: false },
);
/** The body of an edit of an order's lines, as the POS sends it. */
export type TicketLinesEdit = Static<typeof TicketLinesEditSchema>;
