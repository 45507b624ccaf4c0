import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { ManagerApproval } from '../../../shared/contracts/cash';
import type { OrderHistory } from '../../../shared/contracts/order-history';
import type { ReversalResponse } from '../../../shared/contracts/payment-reports';
import type { RefundPoints } from '../../../shared/contracts/refund-points';
import { readRefundPoints } from '../../common/refund-points-preview';
import { ApiError } from '../../common/http';
import { RefundAttempt } from '../../common/refund-attempt';
import { aboutApproval, refusalWords } from '../../common/refusal';
import { returnedPointsWords, returnedWords, returnPreviewWords, returnProblem } from '../logic/counter-return';
import { DISPENSARY } from './catalog';
import { useDrawerStore } from './drawer';
import { useRefundItemsStore } from './refund-items';
import { useSessionStore } from './session';

/** An order of today's list that items come back from. */
export interface ReturnedOrder {
  orderId: string;
  orderNumber: string;
}

/** What the cashier is told once the money went back: where it went, and what it moved of the customer's points. */
export interface ReturnDone extends ReturnedOrder {
  words: string;
  /** "Loyalty: 3 points taken back, 78 given back." once read from the order; '' before, or when none moved. */
  points: string;
}

/** Where a refusal is said: beside the manager's PIN, or under the whole dialog. */
export interface ReturnRefusal {
  sentence: string;
  atPin: boolean;
}

/**
 * A return at the counter (README "Returns at the counter"): the cashier picks what comes back of
 * one of today's orders (the refund-items store), says why, and a manager approves with their PIN
 * unless the one signed in is a manager. The money comes out of this register's drawer (cash) or
 * goes back to the card; the words say which, and what the refund moved of the customer's loyalty
 * points (read from the order's history once it is made), as the dialog said it would before (`preview`,
 * from the sale's points the service reads for a refund). One attempt keeps its Idempotency-Key, so a
 * double tap never gives the money back twice.
 */
export const useCounterReturnStore = defineStore('counter-return', () => {
  const order = shallowRef<ReturnedOrder | null>(null);
  const sending = ref(false);
  /** What the cashier is told once the money went back, kept until the next return. */
  const done = shallowRef<ReturnDone | null>(null);
  /** The sale's points as a refund weighs them, for the order open (null until read, or none to move). */
  const points = shallowRef<RefundPoints | null>(null);
  let attempt = new RefundAttempt();
  /** A manager (or admin) gives money back themselves: everyone else needs a manager's PIN. */
  const needsApproval = computed(() => !(useSessionStore().user?.permissions.includes('payment:refund') ?? false));

  /**
   * What the items chosen will do to the customer's points, counted as the service will once the
   * return is made: "Maria's points: this return takes back 12 earned on the sale and gives back 30
   * spent on it." ('' while nothing is chosen, or the sale moved no points).
   */
  const preview = computed(() => {
    const items = useRefundItemsStore();
    const lines = items.lines.map((line, index) => ({ itemId: line.itemId, milli: items.chosen[index] ?? 0 }));
    return returnPreviewWords(points.value, items.amount, lines);
  });

  function open(chosen: ReturnedOrder): void {
    order.value = chosen;
    done.value = null;
    points.value = null;
    attempt = new RefundAttempt();
    void useRefundItemsStore().load(chosen.orderId);
    void readPoints(chosen);
    // The managers who can approve are the drawer policy's: read again, one may have set a PIN since.
    if (needsApproval.value) void useDrawerStore().load();
  }

  const close = () => (order.value = null);

  /** Sends the return; answers why it was not made (null once the money went back). */
  async function send(reason: string, approval?: ManagerApproval): Promise<ReturnRefusal | null> {
    const returned = order.value;
    if (!returned || sending.value) return null;
    const chosen = useRefundItemsStore().request();
    if ('refusal' in chosen) return { sentence: chosen.refusal, atPin: false };
    const problem = returnProblem(reason, needsApproval.value ? approval : undefined);
    if (problem) return { sentence: problem, atPin: approval !== undefined && reason.trim() !== '' };
    const { paymentId, amount, lines, restock, rest } = chosen.refund;
    const said = reason.trim();
    const key = attempt.keyFor({ paymentId, amount, reason: said, lines, restock, rest });
    const body = {
      amount,
      reason: said,
      lines,
      restock,
      ...(rest ? { rest } : {}),
      ...(needsApproval.value && approval ? { approval } : {}),
    };
    sending.value = true;
    try {
      const { api } = useSessionStore();
      const answer = await api.post<ReversalResponse>(`/v2.0/payments/${paymentId}/refund`, body, {
        'idempotency-key': key,
      });
      const given = [
        { amount: answer.refund?.amount ?? amount, payment: answer.payment },
        ...(answer.rest ?? []).map((part) => ({ amount: part.refund.amount, payment: part.payment })),
      ];
      const words = given.map((part) => returnedWords(part.amount, part.payment)).join(' ');
      done.value = { ...returned, words, points: '' };
      order.value = null;
      // The drawer's expected cash moved with a cash refund.
      void useDrawerStore().load();
      void tellPoints(done.value, given.length);
      return null;
    } catch (failure) {
      if (failure instanceof ApiError && failure.status > 0) attempt.answered();
      return {
        sentence: refusalWords(failure, 'The service did not answer: try again.'),
        atPin: aboutApproval(failure),
      };
    } finally {
      sending.value = false;
    }
  }

  /** Reads the sale's points for the preview; unread, the dialog says nothing of them (the return does not need them). */
  async function readPoints(chosen: ReturnedOrder): Promise<void> {
    // Unread, the points moved are still said once the return is made (tellPoints).
    const read = await readRefundPoints(useSessionStore().api, chosen.orderId);
    if (read && order.value === chosen) points.value = read;
  }

  /**
   * Adds what the return's `refunds` moved of the customer's points to what the cashier is told, as
   * the order's history says it (the refund's answer does not). Said only while that return is still
   * shown; nothing is said when none moved or the history cannot be read (the back office's order says it).
   */
  async function tellPoints(told: ReturnDone, refunds: number): Promise<void> {
    const { api } = useSessionStore();
    try {
      const path = `/v2.0/dispensary/${DISPENSARY}/ecommerce/ticket/${told.orderId}/history`;
      const points = returnedPointsWords((await api.get<OrderHistory>(path)).steps, refunds);
      if (points && done.value === told) done.value = { ...told, points };
    } catch {
      // The money went back either way; the points moved are in the order's history.
    }
  }

  return { order, sending, done, points, preview, needsApproval, open, close, send };
});
