// @vitest-environment happy-dom
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../../../../renderer/common/http.js';
import { defineStoreCheck } from '../../../../renderer/common/store-check.js';
import { addressWithStore, refusedStoreWords } from '../../../../renderer/common/store-check-words.js';
import { askedStore, opensNoStore, terminalContext } from '../../../../renderer/common/terminal.js';

/** The staff windows' words and check of a store that does not open, as the register uses them. */
afterEach(() => vi.unstubAllGlobals());

describe('the words of a store that does not open', () => {
  it('name who can tell a short name at a register', () => {
    expect(refusedStoreWords('unknown', 'nope', [], 'Your manager').lead).toBe(
      'Check the address: the store’s short name comes after “?dispensary=” in it. Your manager can tell you the short name of each store.',
    );
    expect(refusedStoreWords('unknown', null, [], 'Your manager')).toEqual({
      title: 'This address names no store',
      lead: 'Add “?dispensary=” and the store’s short name to the address. Your manager can tell you the short name of each store.',
      hint: '',
    });
  });

  it('keep the back office’s words where they fit', () => {
    const mesa = [{ shortName: 'mesa', name: 'Mesa Verde Dispensary' }];
    expect(refusedStoreWords('not-yours', 'demo', mesa)).toEqual({
      title: 'You cannot open the store “demo” with this login',
      lead: 'Sign out and sign in as someone who works there, or open one of the stores you can:',
      hint: '',
    });
    expect(refusedStoreWords('unknown', 'Green Valley', []).hint).toBe(
      'A store’s short name has lowercase letters and digits only (a dash may join words), 10 characters at most.',
    );
  });

  it('link to the same page at another store, the register kept', () => {
    expect(addressWithStore('http://h/pos/?dispensary=nope&terminal=front-2#x', 'mesa')).toBe(
      'http://h/pos/?dispensary=mesa&terminal=front-2',
    );
  });
});

describe('an address whose store cannot be a short name', () => {
  it('is asked as typed, and opens no store', () => {
    const asked = askedStore('?dispensary=Green%20Valley&terminal=front-1');
    expect(asked).toBe('Green Valley');
    expect([opensNoStore(asked), opensNoStore('demo'), opensNoStore(null), opensNoStore('')]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('is read in lowercase, as short names are: DEMO is the demo store', () => {
    expect(opensNoStore('DEMO')).toBe(false);
    expect(opensNoStore(' Demo ')).toBe(false);
    window.history.replaceState(null, '', '/pos/?dispensary=DEMO&terminal=front-2');
    expect(terminalContext().dispensaryShortName).toBe('demo');
    window.history.replaceState(null, '', '/');
  });

  it('is refused without asking the service (not the default store in its place)', async () => {
    setActivePinia(createPinia());
    const get = vi.fn();
    const useCheck = defineStoreCheck({
      api: () => ({ get }) as unknown as Api,
      asked: 'Green Valley',
      shortName: 'demo',
      mayList: () => false,
    });
    const check = useCheck();
    await check.check();
    expect(check.verdict).toBe('unknown');
    expect(get).not.toHaveBeenCalled();
  });
});
