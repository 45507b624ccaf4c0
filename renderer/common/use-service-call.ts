import { reactive } from 'vue';
import type { FailureDetails } from '../../shared/errors';
import { ApiError } from './http';
import { refusalOf } from './refusal';

/**
 * One screen's (or form's) call to the service, the same in the POS, the back office and the pole
 * display: busy while it runs, then what it did (`done`) or why it was refused, in words.
 */
export interface ServiceCall {
  busy: boolean;
  /** Why the last try was refused, as a sentence ('' when it was not). */
  error: string;
  /** The field the refusal is about ('' when it is about the whole form). */
  field: string;
  /** The HTTP status of the refusal (0 for none, or no answer). */
  status: number;
  /** The refusal's figures as data (the body's `details`: the customer on file, say), when it had some. */
  details?: FailureDetails;
  /** What the last try did, as a sentence for a status line. */
  done: string;
  /**
   * Runs `work`; a string it answers becomes `done`, a refusal becomes `error`. `words` is what to
   * say when the service gave none, or how to word any refusal. Answers whether it worked.
   */
  run(work: () => Promise<unknown>, words?: string | ((failure: unknown) => string)): Promise<boolean>;
  /** Refuses input before it is sent, saying why. */
  refuse(field: string, sentence: string): false;
  clear(): void;
}

/** A call's state; `labels` names the service's fields as the form does. */
export function useServiceCall(labels: Readonly<Record<string, string>> = {}): ServiceCall {
  const state: ServiceCall = reactive({
    busy: false,
    error: '',
    field: '',
    status: 0,
    details: undefined,
    done: '',
    async run(work: () => Promise<unknown>, words?: string | ((failure: unknown) => string)): Promise<boolean> {
      state.busy = true;
      state.clear();
      try {
        const message = await work();
        if (typeof message === 'string') state.done = message;
        return true;
      } catch (failure) {
        const refusal =
          typeof words === 'function' ? { sentence: words(failure), field: '' } : refusalOf(failure, labels, words);
        state.error = refusal.sentence;
        state.field = refusal.field;
        state.status = failure instanceof ApiError ? failure.status : 0;
        state.details = failure instanceof ApiError ? failure.details : undefined;
        return false;
      } finally {
        state.busy = false;
      }
    },
    refuse(field: string, sentence: string): false {
      state.done = '';
      state.field = field;
      state.error = sentence;
      return false;
    },
    clear(): void {
      state.error = '';
      state.field = '';
      state.status = 0;
      state.details = undefined;
      state.done = '';
    },
  });
  return state;
}
