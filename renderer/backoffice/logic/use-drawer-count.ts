import { computed, ref, watch } from 'vue';
import {
  DENOMINATION_LABELS,
  DENOMINATIONS,
  countTotal,
  overShortWords,
  type Denomination,
  type DenominationCount,
} from '../../../shared/cash/expected-cash';
import type { CashCount } from '../../../shared/contracts/cash';
import { useServiceCall } from '../../common/use-service-call';

/** How a drawer is counted: as one amount, or bill by bill. */
export type CountMode = 'amount' | 'count';

/**
 * A manager's count of a drawer (the close of one left open, or the count of a shift closed as
 * replaced): one amount or bill by bill, what it adds up to against what the drawer should hold
 * (`expected`, null when not known), the body the service takes, the step from the count to its
 * review, and the call that sends it, whose refusals name the count's fields as the form does.
 */
export function useDrawerCount(expected: () => number | null) {
  const labels: Record<string, string> = { amount: 'Counted cash', count: 'The count' };
  for (const name of Object.keys(DENOMINATIONS)) labels[`count.${name}`] = DENOMINATION_LABELS[name as Denomination];
  const submission = useServiceCall(labels);
  const mode = ref<CountMode>('amount');
  const dollars = ref<number | null>(null);
  const pieces = ref<Partial<Record<Denomination, number | null>>>({});
  // A refusal of the count is about the count as it was: a new entry clears it.
  watch([mode, dollars, pieces], () => {
    if (submission.error) submission.clear();
  });

  const filled = computed<DenominationCount>(() =>
    Object.fromEntries(Object.entries(pieces.value).filter(([, value]) => typeof value === 'number' && value > 0)),
  );
  const counted = computed(() =>
    mode.value === 'amount' ? Math.round((dollars.value ?? 0) * 100) : countTotal(filled.value),
  );
  const body = computed<CashCount>(() =>
    mode.value === 'amount' ? { amount: counted.value } : { count: filled.value },
  );

  /** True when there is a count to review; otherwise the form says what is missing. */
  function entered(): boolean {
    if (mode.value === 'amount' && dollars.value === null) {
      return submission.refuse('amount', 'Enter the cash counted in the drawer, such as 195.50.');
    }
    if (mode.value === 'count' && Object.keys(filled.value).length === 0) {
      return submission.refuse('count', 'Enter how many of at least one bill or coin you counted.');
    }
    submission.clear();
    return true;
  }

  /** The count being entered, then reviewed before it is sent. */
  const step = ref<'count' | 'confirm'>('count');
  /** Reviews the count when there is one (else the form says what is missing). */
  function review(): void {
    if (entered()) step.value = 'confirm';
  }
  /** ", $5.00 short" against what the drawer should hold; '' when that is not known. */
  const against = computed(() => {
    const should = expected();
    return should === null ? '' : `, ${overShortWords(counted.value - should)}`;
  });

  return { submission, mode, dollars, pieces, counted, body, step, review, against };
}
