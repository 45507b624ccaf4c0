import type { PaymentRecord, PaymentSession, SessionUpdate } from '../../../shared/contracts/payment';
import { formatMoney } from '../../common/format';
import { followLive, type LiveStreamOptions } from '../../common/live-stream';
import { asSentence } from '../../common/refusal';
import type { PaymentResponse } from '../types/servicepay';
import { paymentError, resultEnvelope } from './envelopes';
import { paidElsewhere, paidOutcome, paidSentence } from './paid-elsewhere';
import type { PaylinkDelivery } from './paylink-delivery';
import { outcomeSentence } from './refusal-words';
import { isNewerView } from './session-order';
import type { WidgetApi } from './widget-api';
import type { Outcome, WidgetState } from './widget-state';

/**
 * Keeps the widget's session current — from the answers of its own requests and from the session's
 * server-sent events — and turns each payment that reaches a final status into exactly one envelope,
 * whichever of the two reports it first.
 *
 * What it has reported, it knows per payment (id and status). A payment already final when the widget
 * starts following its session (a reload, a resend that reuses the session) was told before or is
 * history: it is never reported. Any other payment of the session that any view shows final — the
 * answer of a request, a live event, the first frame of a stream that reconnected (which carries the
 * payment that changed last) — is reported once, even when the widget's own request lost its answer.
 */
export interface SessionTracker {
  /** Starts over with another session (a new payment event, a changed ticket). */
  follow(session: PaymentSession): void;
  /** Takes a newer view of the session and, when given, the payment that changed. */
  apply(session: PaymentSession, record?: PaymentRecord | null): void;
  /** Envelopes sent so far: a request's failure is news only when its session told nothing since. */
  reports(): number;
  /** Follows the session's stream anew: its first frame says how the session stands. */
  resync(): void;
  /**
   * This page resends its payment event (`on`) until the answer: a cancel of the followed session
   * meanwhile is that resend's doing (a changed ticket resets the older session) and is silent.
   */
  resending(on: boolean): void;
  /**
   * The attempt under way was answered with its own PAYMENT_ERROR (its pay request refused): its
   * result is told, and the order found paid elsewhere after it is shown but not sent again. Until
   * the next attempt (`attempt()`) or session.
   */
  refused(): void;
  /** A new attempt (a pay request) begins: what it ends with is news again. */
  attempt(): void;
  /** The next view of the session (from any source); null when the widget stops following it. */
  nextView(): Promise<PaymentSession | null>;
  stop(): void;
}

const TITLES: Record<string, string> = {
  approved: 'Payment approved',
  canceled: 'Payment canceled',
  declined: 'Payment declined',
  error: 'Payment not processed',
};

/** Why a payment was canceled, when something other than a Cancel did it ("The PIN pad session ended…"). */
function cancelReason(record: PaymentRecord): string {
  const why = record.processorResponseDetailMessage.replace(/^canceled\s*:?\s*/i, '');
  return why ? asSentence(why) : 'Payment canceled';
}

/**
 * Why a session this page did not end was canceled with nothing of its own under way: only a new
 * session of its order does that (docs/payments.md "Reuse"), opened by a payment event of another
 * window of the same sign-in — this page's own resends are silent.
 */
export const TAKEN_OVER = 'This payment was started again in another window.';
/** The reset of a session's waiting payment by a new session of the same channel (the service's words). */
const RESET_SAME_CHANNEL = /^canceled:\s*the ticket changed$/i;

const lowerFirst = (words: string) => words.charAt(0).toLowerCase() + words.slice(1);

/** Follows a live stream of the service (renderer/common/live-stream.ts `followLive`). */
export type LiveFollow = (options: LiveStreamOptions) => { close: () => void };

export function createTracker(
  state: WidgetState,
  api: WidgetApi,
  paylinks: PaylinkDelivery,
  emit: (envelope: PaymentResponse) => void,
  /** A payment reached a final status (its attempt is over: the next one needs a new key). */
  onFinal: () => void,
  /** How the session's events are followed: the service's stream (a test gives its own events). */
  follow: LiveFollow = followLive,
): SessionTracker {
  const reported = new Set<string>();
  let count = 0;
  /** A resend of this page is on its way (its reset of this session is silent). */
  let resending = false;
  /** The session was taken over by another window: its cancel's record, when it comes, is told with why. */
  let takenOver = false;
  /** The attempt under way ended with its own PAYMENT_ERROR: no second one for it. */
  let attemptTold = false;
  let stream: { close(): void } | undefined;
  let waiters: ((view: PaymentSession | null) => void)[] = [];
  const send = (envelope: PaymentResponse) => {
    count += 1;
    emit(envelope);
  };
  const wake = (view: PaymentSession | null) => {
    const woken = waiters;
    waiters = [];
    for (const resolve of woken) resolve(view);
  };

  function report(record: PaymentRecord): void {
    const key = `${record.id}:${record.status}`;
    const found = resultEnvelope(record);
    if (!found || reported.has(key)) return;
    // Taken over: the session's cancel (or its waiting payment's, reset by the other window's
    // session) says why, to the host as on the screen.
    const takeover =
      record.status === 'canceled' &&
      (takenOver || RESET_SAME_CHANNEL.test(record.processorResponseDetailMessage.trim()));
    if (takeover) takenOver = true;
    const envelope: PaymentResponse =
      takeover && 'userMessage' in found
        ? { ...found, userMessage: `Payment canceled: ${lowerFirst(TAKEN_OVER)}` }
        : found;
    reported.add(key);
    onFinal();
    paylinks.close();
    send(envelope);
    // A form's method, else the PIN pad's or payment link's asked for: what "Try again" repeats.
    const method = state.chosen ?? state.attempted ?? state.outcome?.method ?? null;
    const session = state.session;
    if (record.status === 'approved' && session && session.amountDue > 0) {
      // A partial payment (split tender): back to the choice for the rest.
      state.notice = `${formatMoney(record.originalAmount)} paid. ${formatMoney(session.amountDue)} left to pay.`;
      state.noticePaid = record.originalAmount;
      state.chosen = null;
      return;
    }
    const said = 'userMessage' in envelope ? envelope.userMessage : '';
    // The payment's end is what the screen says now: a refused cancel of it is no longer the news.
    state.cancelRefusal = null;
    state.formError = null;
    state.outcome = {
      kind: record.status as Outcome['kind'],
      title: TITLES[record.status]!,
      // Why it failed, under "Payment declined": "Insufficient funds." (the envelope keeps the
      // service's "Declined: insufficient funds"); why it was canceled, when not by a Cancel.
      message:
        envelope.eventType === 'PAYMENT_ERROR'
          ? outcomeSentence(record.processorResponseDetailMessage, record.status, record.processorResponseCode)
          : takeover
            ? TAKEN_OVER
            : record.status === 'canceled'
              ? cancelReason(record)
              : said,
      record,
      method,
    };
  }

  /** Every payment of a view that is final and not reported yet, oldest change first. */
  function reportFinals(session: PaymentSession): void {
    const changed = [...session.payments].sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : 1));
    for (const payment of changed) report(payment);
  }

  function connect(sessionId: string): void {
    stream = follow({
      url: `${location.origin}/v2.0/payments/sessions/${sessionId}/events`,
      token: api.token,
      onEvent: (event, data) => {
        if (event === 'session.updated') {
          const update = data as SessionUpdate;
          tracker.apply(update.session, update.payment);
        }
      },
      onRefused: (status) => {
        if (status === 401) api.renewToken().catch(() => undefined);
      },
    });
  }

  const tracker: SessionTracker = {
    follow(session) {
      tracker.stop();
      reported.clear();
      takenOver = false;
      attemptTold = false;
      // What is final already was told before (a reload, another tab) or is history.
      for (const payment of session.payments) reported.add(`${payment.id}:${payment.status}`);
      state.session = session;
      connect(session.sessionId);
    },
    apply(session, record) {
      const current = state.session;
      if (!current || current.sessionId !== session.sessionId) return;
      // This page's resend reset the session (the ticket changed): silent, its answer starts over.
      if (resending && session.status === 'canceled') return;
      const wasOpen = current.status === 'open';
      // The two channels may cross: never go back to an older view of the session.
      if (isNewerView(session, current)) state.session = session;
      if (record) report(record);
      reportFinals(session);
      const latest = state.session!;
      if (
        latest.pending?.stage === 'awaiting_customer' &&
        state.options &&
        !paylinks.deliver(latest.pending, state.options)
      )
        Object.assign(state, {
          notice: 'Your browser blocked the new tab: use the button below to open the bank page.',
          noticePaid: null,
        });
      if (!latest.pending) paylinks.close();
      // Canceled with no payment telling why: not this page's Cancel (its answer carries the cancel's
      // record) nor its resend (above), so a new session of the order opened in another window. The
      // screen says so now; the stream followed anew brings the session's cancel record in its first
      // frame, for PAYMENT_CANCELED (once: `report`).
      if (latest.status === 'canceled' && !state.outcome) {
        // Seen canceled before (its end told already): the screen only says so again.
        takenOver = wasOpen;
        state.formError = null;
        state.chosen = null;
        state.outcome = {
          kind: 'canceled',
          title: 'Payment canceled',
          message: wasOpen ? TAKEN_OVER : 'Payment canceled',
          record: null,
          method: null,
        };
        if (wasOpen) tracker.resync();
      }
      // Paid meanwhile by another widget or a register: the screen a reload would show, told once.
      if (paidElsewhere(latest) && !state.outcome && latest.order) {
        const said = paidSentence(latest.order.orderNumber);
        state.formError = null;
        state.chosen = null;
        state.outcome = paidOutcome(said);
        // The attempt that lost to that payment told its refusal already: one result per attempt.
        if (!attemptTold) send(paymentError(said));
      }
      wake(latest);
    },
    reports: () => count,
    resync() {
      const session = state.session;
      if (!session) return;
      stream?.close();
      connect(session.sessionId);
    },
    resending(on) {
      resending = on;
    },
    refused() {
      attemptTold = true;
    },
    attempt() {
      attemptTold = false;
    },
    nextView: () => new Promise((resolve) => waiters.push(resolve)),
    stop() {
      stream?.close();
      stream = undefined;
      wake(null);
    },
  };
  return tracker;
}
