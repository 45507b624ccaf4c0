import { ref } from 'vue';
import { ApiError } from '../../common/http';

/** A refusal as a sentence: the service's words with a capital and a full stop. */
export function refusalWords(failure: unknown, fallback: string): string {
  const said = failure instanceof ApiError ? failure.message : fallback;
  const sentence = said.charAt(0).toUpperCase() + said.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * A screen's call to the service: `busy` while it runs, and when it is refused, the refusal in words
 * (`error`, shown beside what caused it) and its HTTP status (`status`, 0 for none or no answer).
 */
export function useServiceCall() {
  const busy = ref(false);
  const error = ref('');
  const status = ref(0);

  /** Runs `call`; answers whether it went through. `fallback` is said when the service gave no words. */
  async function run(call: () => Promise<unknown>, fallback: string): Promise<boolean> {
    busy.value = true;
    error.value = '';
    status.value = 0;
    try {
      await call();
      return true;
    } catch (failure) {
      error.value = refusalWords(failure, fallback);
      status.value = failure instanceof ApiError ? failure.status : 0;
      return false;
    } finally {
      busy.value = false;
    }
  }

  return { busy, error, status, run };
}
