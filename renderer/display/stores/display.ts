import { defineStore } from 'pinia';
import type { DisplayOutcome, DisplaySnapshot } from '../../../shared/contracts/display';
import type { OrderUpdate } from '../../../shared/contracts/live';
import type { PaymentPage } from '../../../shared/contracts/payment-reports';
import { followLive } from '../../common/live-stream';
import { balanceOf } from '../../common/order-balance';
import { api, displayHint, expire, login, session, terminal } from '../logic/display-session';
import { useStoreCheckStore } from './store-check';

const DISPLAY = `/v2.0/dispensary/${terminal.dispensaryShortName}/display/${terminal.terminalId}`;

/** What the screen does with the display's live channel. */
export interface DisplayFollower {
  /** What the register shows the customer now (sent first on every connect). */
  snapshot(next: DisplaySnapshot): void;
  /** The channel opened again: what came before may be stale. */
  reconnected(): void;
  /** An order of the store changed (`order.updated`): a payment taken at the counter tells the display so. */
  orderUpdated?(update: OrderUpdate): void;
}

/** The most payments one order is read with (the listing's page); an order never has near as many. */
const PAGE = 200;

/**
 * The pole display's way to the service: its login (the `display` role, kept per window), the
 * live channel of its register, and what the customer did on the payment widget.
 */
export const useDisplayStore = defineStore('display', () => {
  /** The demo's display login in words, when the service runs on the demo data; '' otherwise. */
  async function hint(): Promise<string> {
    const demo = await displayHint();
    return demo ? `Demo data: sign in as ${demo.username} / ${demo.password}.` : '';
  }

  let stream: { close: () => void } | null = null;

  /** Follows this register's display state; a refused login signs the display out. */
  function follow(follower: DisplayFollower): void {
    stream?.close();
    stream = followLive({
      // The orders too: what a payment taken at the counter paid is said on the display (README "Pole display").
      url: `${terminal.serviceUrl}/v2.0/dispensary/${terminal.dispensaryShortName}/live?topics=display:${terminal.terminalId},orders`,
      token: () => session.value?.token,
      onRefused: (status) => {
        if (status === 401 || status === 403) expire();
        // The store is not there: asking again every few seconds would only hear that again.
        if (status === 404) {
          stop();
          void useStoreCheckStore().gone();
        }
      },
      onState: (state) => {
        if (state === 'open') follower.reconnected();
      },
      onEvent: (event, data) => {
        if (event === 'display.state') follower.snapshot(data as DisplaySnapshot);
        else if (event === 'order.updated') follower.orderUpdated?.(data as OrderUpdate);
      },
    });
  }

  function stop(): void {
    stream?.close();
    stream = null;
  }

  /** Tells the register what the customer did; a display that cannot say so never stops the customer. */
  function report(outcome: DisplayOutcome): void {
    void api.post(`${DISPLAY}/outcome`, outcome).catch(() => undefined);
  }

  /** What the approved payments of order `orderNumber` have paid, in cents; throws the service's refusal. */
  async function paidOf(orderNumber: string): Promise<number> {
    const query = `dispensaryShortName=${terminal.dispensaryShortName}&ticketAlphaNumId=${orderNumber}&limit=${PAGE}`;
    const page = await api.get<PaymentPage>(`/v2.0/payments?${query}`);
    return balanceOf(0, page.payments).paid;
  }

  return { session, login, hint, follow, stop, report, paidOf };
});
