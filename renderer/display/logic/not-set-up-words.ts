import { refusedStoreWords, type StoreRefusal } from '../../common/store-check-words';

/** What the display says when its store does not open: the customer's words, and staff's. */
export interface NotSetUpWords {
  /** For the customer, large: nothing about stores, addresses or logins. */
  heading: string;
  /** For staff, small: why, and what to change. */
  staff: string;
  /** The window's title, where staff look (the task bar, the window list). */
  title: string;
}

const DISPLAY = 'ServicePay customer display';

/**
 * The words of a pole display whose store does not open (`asked`: `?dispensary=` as typed): the
 * customer reads only that the display is not set up; the reason is said as to staff at a staff
 * window, with the register it belongs to.
 */
export function notSetUpWords(refusal: StoreRefusal, asked: string | null, terminalId: string): NotSetUpWords {
  const words = refusedStoreWords(refusal, asked, [], 'Your manager');
  const why = [`${words.title}.`, words.lead, words.hint].filter(Boolean).join(' ');
  return {
    heading: 'This display is not set up yet',
    staff: `For staff (register ${terminalId}): ${why}`,
    title: `Not set up: ${words.title} · ${DISPLAY}`,
  };
}
