import { shallowRef, type Ref } from 'vue';

/**
 * Leaving a form with changes typed asks first: `leave(then)` does `then` at once when nothing is
 * unsaved, else keeps it in `leaving` until the person answers (`answerLeaving`: discard or stay).
 */
export function useLeaveGuard(unsaved: Readonly<Ref<boolean>>) {
  /** What to do once the person agrees to drop the changes typed (null: nobody is asked). */
  const leaving = shallowRef<(() => unknown) | null>(null);

  async function leave(then: () => unknown): Promise<void> {
    if (unsaved.value) leaving.value = then;
    else await then();
  }

  /** The answer to "discard your changes?". */
  async function answerLeaving(discard: boolean): Promise<void> {
    const then = leaving.value;
    leaving.value = null;
    if (discard) await then?.();
  }

  return { leaving, leave, answerLeaving };
}
