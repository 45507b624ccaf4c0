import { isShortName } from '../../common/terminal';

/** Why the back office does not open the store of its address. */
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

/**
 * The page's words when the store of the address does not open: `asked` is `?dispensary=` as typed
 * (null or empty: the address names none, and the default store is not there), `stores` those the
 * person may open (empty: none could be listed, so the words say where a short name is found).
 */
export function storeRefusalWords(
  refusal: StoreRefusal,
  asked: string | null,
  stores: readonly OpenableStore[],
): StoreRefusalWords {
  const listed = stores.length > 0;
  const named = asked !== null && asked.trim() !== '';
  const pick = 'open one of the stores you can:';
  if (!named) {
    return {
      title: 'This address names no store',
      lead: listed
        ? `Add “?dispensary=” and the store’s short name to the address, or ${pick}`
        : 'Add “?dispensary=” and the store’s short name to the address. Your administrator can tell you the short name of each store.',
      hint: '',
    };
  }
  const hint = isShortName(asked)
    ? ''
    : 'A store’s short name has lowercase letters and digits only (a dash may join words), 10 characters at most.';
  if (refusal === 'not-yours') {
    return {
      title: `You cannot open the store “${asked}” with this login`,
      lead: listed
        ? `Sign out and sign in as someone who works there, or ${pick}`
        : 'Sign out and sign in as someone who works there, or check the address.',
      hint,
    };
  }
  return {
    title: `There is no store “${asked}” here`,
    lead: listed
      ? `Check the address, or ${pick}`
      : 'Check the address: the store’s short name comes after “?dispensary=” in it. Your administrator can tell you the short name of each store.',
    hint,
  };
}

/** This page's address with the store `shortName` in place of the one asked (the rest kept). */
export function storeAddress(href: string, shortName: string): string {
  const url = new URL(href);
  url.searchParams.set('dispensary', shortName);
  url.hash = '';
  return url.toString();
}
