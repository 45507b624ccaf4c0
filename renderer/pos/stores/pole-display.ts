import type { DisplayState } from '../../../shared/contracts/display';
import { DISPENSARY } from './catalog';
import { useCustomerPointsStore } from './customer-points';
import { terminal, useSessionStore } from './session';

/** The display's states in the order set (each sent once the one before was), and the last one set. */
let sending: Promise<void> = Promise.resolve();
let lastSet: DisplayState | null = null;
/** Telling the last thank-you what its sale earned, while that runs. */
let telling: Promise<void> = Promise.resolve();

function send(state: DisplayState): Promise<void> {
  const { api } = useSessionStore();
  sending = sending.then(async () => {
    try {
      await api.put(`/v2.0/dispensary/${DISPENSARY}/display/${terminal.terminalId}`, state);
    } catch {
      // The display reconnects and reads the latest state; the sale goes on without it.
    }
  });
  return sending;
}

/**
 * Sets what this terminal's pole display shows. A display that is off must not stop a sale. A
 * thank-you shows at once, and says what the sale earned ("You earned 42 points") once the
 * customer's new balance is read (customer-points), if it is still on the screen then.
 */
export async function setDisplay(state: DisplayState): Promise<void> {
  lastSet = state;
  const sent = send(state);
  if (state.phase === 'thanks') telling = tellEarned(state);
  await sent;
}

async function tellEarned(thanks: Extract<DisplayState, { phase: 'thanks' }>): Promise<void> {
  const points = await useCustomerPointsStore().earnedAfterSale();
  if (points === null || points <= 0 || lastSet !== thanks) return;
  const told = { ...thanks, pointsEarned: points };
  lastSet = told;
  await send(told);
}

/** Once every display state set so far is sent, the thank-you's points included (for tests). */
export async function displaySettled(): Promise<void> {
  await telling;
  await sending;
}
