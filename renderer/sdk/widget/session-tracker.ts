import type { PaymentRecord, PaymentSession, SessionUpdate } from '../../../shared/contracts/payment';
import { formatMoney } from '../../common/format';
import { followLive } from '../../common/live-stream';
import type { PaymentResponse } from '../types/servicepay';
import { resultEnvelope } from './envelopes';
import type { PaylinkDelivery } from './paylink-delivery';
import { outcomeSentence } from './refusal-words';
import { isNewerView } from './session-order';
import type { WidgetApi } from './widget-api';
import type { Outcome, WidgetState } from './widget-state';

/**
 * Keeps the widget's session current — from the answers of its own requests and from the session's
 * server-sent events — and turns each payment that reaches a final status into exactly one envelope,
 * whichever of the two reports it first.
 */
export interface SessionTracker {
  /** Starts over with another session (a new payment event, a changed ticket). */
  follow(session: PaymentSession): void;
  /** Takes a newer view of the session and, when given, the payment that changed. */
  apply(session: PaymentSession, record?: PaymentRecord | null): void;
  stop(): void;
}

const TITLES: Record<string, string> = {
  approved: 'Payment approved',
  canceled: 'Payment canceled',
  declined: 'Payment declined',
  error: 'Payment not processed',
};

export function createTracker(
  state: WidgetState,
  api: WidgetApi,
  paylinks: PaylinkDelivery,
  emit: (envelope: PaymentResponse) => void,
  /** A payment reached a final status (its attempt is over: the next one needs a new key). */
  onFinal: () => void,
): SessionTracker {
  const reported = new Set<string>();
  let stream: { close(): void } | undefined;

  function report(record: PaymentRecord): void {
    const key = `${record.id}:${record.status}`;
    const envelope = resultEnvelope(record);
    if (!envelope || reported.has(key)) return;
    reported.add(key);
    onFinal();
    paylinks.close();
    emit(envelope);
    // A form's method, else the PIN pad's or payment link's asked for: what "Try again" repeats.
    const method = state.chosen ?? state.attempted ?? state.outcome?.method ?? null;
    const session = state.session;
    if (record.status === 'approved' && session && session.amountDue > 0) {
      // A partial payment (split tender): back to the choice for the rest.
      state.notice = `${formatMoney(record.originalAmount)} paid. ${formatMoney(session.amountDue)} left to pay.`;
      state.chosen = null;
      return;
    }
    const said = 'userMessage' in envelope ? envelope.userMessage : '';
    // The payment's end is what the screen says now: a refused cancel of it is no longer the news.
    state.cancelRefusal = null;
    state.outcome = {
      kind: record.status as Outcome['kind'],
      title: TITLES[record.status]!,
      // Why it failed, under "Payment declined": "Insufficient funds." (the envelope keeps the
      // service's "Declined: insufficient funds").
      message:
        envelope.eventType === 'PAYMENT_ERROR'
          ? outcomeSentence(record.processorResponseDetailMessage, record.status, record.processorResponseCode)
          : said,
      record,
      method,
    };
  }

  const tracker: SessionTracker = {
    follow(session) {
      tracker.stop();
      reported.clear();
      state.session = session;
      stream = followLive({
        url: `${location.origin}/v2.0/payments/sessions/${session.sessionId}/events`,
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
    },
    apply(session, record) {
      const current = state.session;
      if (!current || current.sessionId !== session.sessionId) return;
      // The two channels may cross: never go back to an older view of the session.
      if (isNewerView(session, current)) state.session = session;
      if (record) report(record);
      const latest = state.session!;
      if (
        latest.pending?.stage === 'awaiting_customer' &&
        state.options &&
        !paylinks.deliver(latest.pending, state.options)
      )
        state.notice = 'Your browser blocked the new tab: use the button below to open the bank page.';
      if (!latest.pending) paylinks.close();
      // A cancel seen only through the stream (the PIN pad, the paylink page) still ends the widget's flow.
      if (latest.status === 'canceled' && !state.outcome)
        state.outcome = {
          kind: 'canceled',
          title: 'Payment canceled',
          message: 'Payment canceled',
          record: null,
          method: null,
        };
    },
    stop() {
      stream?.close();
      stream = undefined;
    },
  };
  return tracker;
}
