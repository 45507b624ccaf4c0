import { isShortName } from './terminal';

/** Why a window does not open the store of its address: not there (404), or not this login's (403). */
export type StoreRefusal = 'unknown' | 'not-yours';

/** A store the signed-in person may open: its short name and name. */
export interface OpenableStore {
  shortName: string;
  name: string;
}

/** What the page says: a heading, a sentence, and a hint about short names (or ''). */
export interface StoreRefusalWords {
  title: string;
  lead: string;
  hint: string;
}

const PICK = 'open one of the stores you can:';
const WHERE = 'the store’s short name comes after “?dispensary=” in it';
const SHORT_NAME_HINT =
  'A store’s short name has lowercase letters and digits only (a dash may join words), 10 characters at most.';

/**
 * The words of a staff window (POS, back office) whose store does not open: `asked` is
 * `?dispensary=` as typed (null or empty: the address names none, and the default store is not
 * there), `stores` those the person may open (empty: none could be listed, so the words say where a
 * short name is found, and `whoKnows` — "Your manager" at a register — who can tell it).
 */
export function refusedStoreWords(
  refusal: StoreRefusal,
  asked: string | null,
  stores: readonly OpenableStore[],
  whoKnows = 'Your administrator',
): StoreRefusalWords {
  const listed = stores.length > 0;
  const ask = `${whoKnows} can tell you the short name of each store.`;
  if (asked === null || asked.trim() === '') {
    const add = 'Add “?dispensary=” and the store’s short name to the address';
    return { title: 'This address names no store', lead: listed ? `${add}, or ${PICK}` : `${add}. ${ask}`, hint: '' };
  }
  const hint = isShortName(asked) ? '' : SHORT_NAME_HINT;
  if (refusal === 'not-yours') {
    const other = 'Sign out and sign in as someone who works there';
    return {
      title: `You cannot open the store “${asked}” with this login`,
      lead: listed ? `${other}, or ${PICK}` : `${other}, or check the address.`,
      hint,
    };
  }
  return {
    title: `There is no store “${asked}” here`,
    lead: listed ? `Check the address, or ${PICK}` : `Check the address: ${WHERE}. ${ask}`,
    hint,
  };
}

/** The page's address `href` with the store `shortName` in place of the one asked (the rest kept). */
export function addressWithStore(href: string, shortName: string): string {
  const url = new URL(href);
  url.searchParams.set('dispensary', shortName);
  url.hash = '';
  return url.toString();
}
