import { Type, type Static } from 'typebox';
import { ERROR_CODES } from '../errors.js';
import { Cents } from '../numbers.js';

/** The body of every failed request (see shared/errors.ts). */
export const FailureSchema = Type.Object(
  {
    resultCode: Type.Literal('FAIL'),
    resultReason: Type.Enum(ERROR_CODES),
    resultDetail: Type.String(),
    /** The refusal's figures, when it has some (shared/errors.ts `FailureDetails`). */
    details: Type.Optional(
      Type.Object({
        balanceDue: Type.Optional(Cents("the order's balance due now, when a payment asked more")),
        requestedAmount: Type.Optional(Cents('the amount that payment asked')),
        paid: Type.Optional(Cents("what the order's approved payments already paid of it")),
        total: Type.Optional(Cents("the order's total")),
        choices: Type.Optional(
          Type.Array(Type.Object({ id: Type.String(), words: Type.String() }), {
            description:
              'what the input could mean when it named several: each one’s id, to send instead, and its words',
          }),
        ),
        customerId: Type.Optional(
          Type.String({
            description:
              "the store's customer who already has the ID number, phone or email refused (CONFLICT), to open instead",
          }),
        ),
        firstDay: Type.Optional(
          Type.String({
            pattern: '^\\d{4}-\\d{2}-\\d{2}$',
            description:
              "YYYY-MM-DD: the first store day the field may be: a report's day before the store's records start",
          }),
        ),
        lastDay: Type.Optional(
          Type.String({
            pattern: '^\\d{4}-\\d{2}-\\d{2}$',
            description: 'YYYY-MM-DD: the last store day the field may be: today, for the stock at the end of a day',
          }),
        ),
        problems: Type.Optional(
          Type.Array(Type.Object({ field: Type.String(), message: Type.String() }), {
            description:
              'every problem of a request checked whole (a delivery’s packages), each naming its field; resultDetail is the first',
          }),
        ),
      }),
    ),
  },
  { description: 'A failed request: a closed reason code and one sentence naming the field and rule.' },
);

/** Answers for the error statuses a route can return, for its OpenAPI document. */
export function failures(...statuses: number[]): Record<number, typeof FailureSchema> {
  return Object.fromEntries(statuses.map((status) => [status, FailureSchema]));
}

/** A decimal amount rendered with two places: "12.50", "-1.00". */
export const DecimalAmount = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', examples: ['12.50'] });

/** `resultCode: SUCCESS` and `resultReason: null`, carried by every successful answer. */
export const SuccessFields = {
  resultCode: Type.Literal('SUCCESS'),
  resultReason: Type.Null(),
};

export type Failure = Static<typeof FailureSchema>;
