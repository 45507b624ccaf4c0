/**
 * The one error model of ServicePay. Every failure the service reports carries one of these codes;
 * the server maps each code to an HTTP status in exactly one place (electron/server/http/errors.ts).
 */
export const ERROR_CODES = [
  'INVALID_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'HOST_NOT_ALLOWED',
  'ORIGIN_NOT_ALLOWED',
  'RATE_LIMITED',
  'NOTHING_AVAILABLE',
  'ILLEGAL_TRANSITION',
  /** Cash cannot move at a register whose drawer is not open. */
  'DRAWER_CLOSED',
  /** The store asks for a manager's approval (their PIN) for this cash movement. */
  'APPROVAL_REQUIRED',
  /** The store's state rules need a customer with a checked ID for this ticket. */
  'ID_NOT_VERIFIED',
  /** The ticket would take the customer past the state's purchase limits (or cannot be measured). */
  'PURCHASE_LIMIT',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

/** A closed set of machine-readable failure reasons (`resultReason` in HTTP bodies). */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** One of the things a refused input could mean: its id, to send in the input's place, and it in words. */
export interface FailureChoice {
  id: string;
  words: string;
}

/**
 * The figures of a refusal, for programs to act on without reading its sentence (money in cents).
 * Only the refusals that name figures (or choices, or the customer on file) carry them.
 */
export interface FailureDetails {
  /** The order's balance due now, when a payment asked more than it (CONFLICT). */
  balanceDue?: number;
  /** The amount that payment asked, in cents. */
  requestedAmount?: number;
  /** What the order's approved payments already paid of it, in cents (with `balanceDue`). */
  paid?: number;
  /** The order's total, in cents (with `balanceDue`). */
  total?: number;
  /**
   * What the input could mean when it named several (CONFLICT: a count's code naming several packages
   * without a state tag), for a program to offer them and send the one picked by its id.
   */
  choices?: FailureChoice[];
  /**
   * The store's customer who already has the ID number, phone or email a new or changed customer was
   * refused for (CONFLICT), for a program to open them instead.
   */
  customerId?: string;
  /** The first store day the field may be (YYYY-MM-DD): a report's day before the store's records start. */
  firstDay?: string;
  /** The last store day the field may be (YYYY-MM-DD): today, for the stock at the end of a day. */
  lastDay?: string;
  /**
   * Every problem of a request checked whole, where it has several (INVALID_INPUT: a delivery's
   * packages), each naming its field as the sentence does; the sentence is the first of them.
   */
  problems?: FailureProblem[];
}

/** One problem of a request checked whole: the field at fault and the sentence, which names it. */
export interface FailureProblem {
  field: string;
  message: string;
}

/** The failure body every HTTP route answers with. */
export interface FailureBody {
  resultCode: 'FAIL';
  resultReason: ErrorCode;
  /** One sentence for a person: names the field and the rule where input was bad. */
  resultDetail: string;
  /** The refusal's figures, when it has some. */
  details?: FailureDetails;
}

/** A failure the service expects and can explain; anything else is INTERNAL. */
export class ServicePayError extends Error {
  readonly code: ErrorCode;
  /** The request field at fault, in JSON-path-like form (`items[2].quantity`), when there is one. */
  readonly field: string | undefined;
  /** Seconds a client should wait before retrying (RATE_LIMITED, lockouts). */
  readonly retryAfterSeconds: number | undefined;
  /** Figures the body carries beside the sentence (`details`). */
  readonly details: FailureDetails | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { field?: string; retryAfterSeconds?: number; details?: FailureDetails; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ServicePayError';
    this.code = code;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }

  toBody(): FailureBody {
    const body: FailureBody = { resultCode: 'FAIL', resultReason: this.code, resultDetail: this.message };
    return this.details ? { ...body, details: this.details } : body;
  }
}

/** Shorthand for the most common failure: a field that breaks a rule. */
export function invalidInput(field: string, rule: string): ServicePayError {
  return new ServicePayError('INVALID_INPUT', `${field} ${rule}`, { field });
}
