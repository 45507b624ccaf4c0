import type { PaymentSession } from '../../../shared/contracts/payment';
import { ApiError } from '../../common/http';
import type { SessionTracker } from './session-tracker';
import type { WidgetApi } from './widget-api';
import { failureText } from './widget-config';
import type { WidgetState } from './widget-state';

/**
 * A failed pay request that may have done what it asked, or lost to the session's other payment:
 * no answer (the connection dropped after the service took it), a conflict with the session (409),
 * or the service failing mid-way (5xx). A refused field or sign-in wrote nothing.
 */
export const mayBeSettled = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === 'NETWORK' || error.status === 409 || error.status >= 500);

/**
 * Whether the session told the end of an attempt whose request failed, so that the failure is no
 * news to the host (docs/payments.md, "Envelopes"): a payment reported since it began (`told`
 * envelopes then; the approval whose answer was lost), a payment under way (another tab's, or this
 * one waiting for the processor: its end is reported when it comes), or the session ended, or its
 * order paid elsewhere. Learnt from the session now or — when the service cannot be reached for that
 * either — from the first frame of its stream once it reconnects; meanwhile the form says the
 * connection failed. False: the failure is the news.
 */
export async function settledMeanwhile(
  state: WidgetState,
  api: WidgetApi,
  tracker: SessionTracker,
  sessionId: string,
  told: number,
): Promise<boolean> {
  const settled = () => {
    const now = state.session;
    return tracker.reports() > told || !now || now.sessionId !== sessionId || now.status !== 'open' || !!now.pending;
  };
  if (settled()) return true;
  try {
    tracker.apply((await api.get<{ session: PaymentSession }>(`/v2.0/payments/sessions/${sessionId}`)).session);
  } catch (error) {
    state.formError = failureText(error, state.options?.channel);
    tracker.resync();
    await tracker.nextView();
  }
  if (!settled()) return false;
  state.formError = null;
  return true;
}
