import type { LiveStreamOptions } from '../../../../renderer/common/live-stream';
import type { LiveFollow } from '../../../../renderer/sdk/widget/session-tracker';
import type { PaymentRecord, PaymentSession } from '../../../../shared/contracts/payment';

/**
 * A payment session's live stream played by the test, given to the widget's controller
 * (`createController(…, follow)`) instead of the service's: `live` hands it a view of the session,
 * `connections` counts its (re)connections. Given, not mocked: unit files share their worker's
 * modules (vitest.config.ts `isolate: false`), so a module mocked in one file is not in the next.
 */
export function testStream() {
  const stream = {
    onEvent: ((_event: string, _data: unknown) => undefined) as LiveStreamOptions['onEvent'],
    connections: 0,
  };
  const follow: LiveFollow = (options) => {
    stream.onEvent = options.onEvent;
    stream.connections += 1;
    return { close: () => undefined };
  };
  /** A `session.updated` event of the session's stream. */
  const live = (next: PaymentSession, payment: PaymentRecord | null = null) =>
    stream.onEvent('session.updated', { session: next, payment });
  return { stream, follow, live };
}
