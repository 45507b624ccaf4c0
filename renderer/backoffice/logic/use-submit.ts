import { reactive } from 'vue';
import { refusalOf } from './refusal';

/** One form's state: busy while the service works, then what it said (done) or why it refused (error). */
export interface Submission {
  busy: boolean;
  /** Why the last try was refused, as a sentence ('' when it was not). */
  error: string;
  /** The field the refusal is about ('' when it is about the whole form). */
  field: string;
  /** What the last try did, as a sentence for a status line. */
  done: string;
  /** Runs `work`; a string it answers becomes `done`, a refusal becomes `error`. Answers whether it worked. */
  run(work: () => Promise<unknown>): Promise<boolean>;
  /** Refuses input before it is sent, saying why. */
  refuse(field: string, sentence: string): false;
  clear(): void;
}

/** A form's submission state; `labels` names the service's fields as the form does. */
export function useSubmit(labels: Readonly<Record<string, string>> = {}): Submission {
  const state: Submission = reactive({
    busy: false,
    error: '',
    field: '',
    done: '',
    async run(work: () => Promise<unknown>): Promise<boolean> {
      state.busy = true;
      state.clear();
      try {
        const message = await work();
        if (typeof message === 'string') state.done = message;
        return true;
      } catch (failure) {
        const refusal = refusalOf(failure, labels);
        state.error = refusal.sentence;
        state.field = refusal.field;
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
      state.done = '';
    },
  });
  return state;
}
