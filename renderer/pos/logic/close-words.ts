import { formatMoney } from '../../common/format';
import { overShortWords } from '../../common/drawer-words';

/** What the drawer's close asks before it is made: its title, its words and its two buttons. */
export interface CloseQuestion {
  title: string;
  message: string;
  confirm: string;
  keep: string;
}

const FINAL = 'The close is final: it goes on the Z report, and the drawer takes no cash until it is opened again.';

/**
 * The close's question for `counted` (cents) against the cash the drawer should hold (`expected`;
 * null on a blind close, whose count is never compared before the Z report): a count off by any
 * amount names the difference ("$12.50 short") in the title and on the button that closes it.
 */
export function closeQuestion(counted: number, expected: number | null): CloseQuestion {
  const plain = { title: 'Close the drawer?', confirm: 'Close the drawer', keep: 'Keep counting' };
  if (expected === null) {
    return {
      ...plain,
      message: `The close is final: ${formatMoney(counted)} counted goes on the Z report, and the drawer takes no cash until it is opened again.`,
    };
  }
  const difference = counted - expected;
  const off = overShortWords(difference);
  if (difference === 0) return { ...plain, message: `${formatMoney(counted)} counted: balanced. ${FINAL}` };
  return {
    title: `Close the drawer ${off}?`,
    message: `${formatMoney(counted)} counted, and the drawer should hold ${formatMoney(expected)}: ${off}. ${FINAL}`,
    confirm: `Close ${off}`,
    keep: 'Count again',
  };
}
