import type { PaymentMethod } from '../../../../shared/contracts/payment.js';

/** What a simulated processor decides for a transaction, before it speaks its own dialect. */
export interface SandboxDecision {
  status: 'approved' | 'declined' | 'error';
  /** The sandbox's response code (docs/payments.md "Sandbox outcomes"). */
  code: string;
  detail: string;
  /** The processor records the transaction but its answer is lost: the caller sees a timeout. */
  timesOut: boolean;
}

const APPROVED: SandboxDecision = { status: 'approved', code: '00', detail: 'Approved', timesOut: false };

const PROCESSOR_ERROR: SandboxDecision = {
  status: 'error',
  code: '96',
  detail: 'Processor error: the processor could not handle the request',
  timesOut: false,
};

/** Card outcomes by the cents of the amount applied to the order (the README's table). */
const CARD_OUTCOMES: Record<number, SandboxDecision> = {
  51: { status: 'declined', code: '51', detail: 'Declined: insufficient funds', timesOut: false },
  55: { status: 'declined', code: '55', detail: 'Declined: incorrect PIN', timesOut: false },
  5: { status: 'declined', code: '05', detail: 'Declined: do not honor', timesOut: false },
  // The processor approves, but its answer never reaches us: the status lookup later says approved.
  91: { ...APPROVED, timesOut: true },
  96: PROCESSOR_ERROR,
};

const ACH_DECLINED: SandboxDecision = {
  status: 'declined',
  code: 'R01',
  detail: 'Declined: insufficient funds in the bank account (R01)',
  timesOut: false,
};

/**
 * ACH outcomes by the cents (the README's table): a bank's decline at `.51` (R01, insufficient
 * funds) and the processor error at `.96`, as for cards. The card network's own answers are not a
 * bank account's: there is no PIN (`.55`) nor "do not honor" (`.05`), and an ACH authorization is
 * answered at once (no timeout at `.91`), so those approve.
 */
const ACH_OUTCOMES: Record<number, SandboxDecision> = {
  51: ACH_DECLINED,
  96: PROCESSOR_ERROR,
};

/**
 * The sandbox's decision for a sale or authorization of `appliedAmount` cents (the amount applied to
 * the order, before tip and ATM cashback), like a card network's test mode.
 */
export function decideSandbox(method: PaymentMethod, appliedAmount: number): SandboxDecision {
  const cents = appliedAmount % 100;
  return (method === 'ACH' ? ACH_OUTCOMES : CARD_OUTCOMES)[cents] ?? APPROVED;
}

const DETAILS: Record<string, string> = Object.fromEntries(
  [APPROVED, ACH_DECLINED, ...Object.values(CARD_OUTCOMES)].map((decision) => [decision.code, decision.detail]),
);

/** The sentence for a sandbox response code, for answers rebuilt from the ledger (status lookups). */
export function sandboxDetail(code: string): string {
  return DETAILS[code] ?? `Response code ${code}`;
}
