import { describe, expect, it } from 'vitest';
import { addressWithStore, refusedStoreWords } from '../../../../renderer/common/store-check-words.js';

const MESA = [{ shortName: 'mesa', name: 'Mesa Verde Dispensary' }];

describe('the words of a store that does not open', () => {
  it('names the store asked for and offers the ones to open instead', () => {
    expect(refusedStoreWords('unknown', 'nope', MESA)).toEqual({
      title: 'There is no store “nope” here',
      lead: 'Check the address, or open one of the stores you can:',
      hint: '',
    });
  });

  it('says where a short name is found when no store could be listed', () => {
    const words = refusedStoreWords('unknown', 'nope', []);
    expect(words.lead).toBe(
      'Check the address: the store’s short name comes after “?dispensary=” in it. Your administrator can tell you the short name of each store.',
    );
  });

  it('says what a short name looks like when the one asked for cannot be one', () => {
    const words = refusedStoreWords('unknown', 'Mesa Verde', MESA);
    expect(words.title).toBe('There is no store “Mesa Verde” here');
    expect(words.hint).toBe(
      'A store’s short name has lowercase letters and digits only (a dash may join words), 10 characters at most.',
    );
  });

  it('says an address naming no store names none (not the default store it fell back to)', () => {
    for (const asked of [null, '', '  ']) {
      expect(refusedStoreWords('unknown', asked, MESA)).toEqual({
        title: 'This address names no store',
        lead: 'Add “?dispensary=” and the store’s short name to the address, or open one of the stores you can:',
        hint: '',
      });
    }
  });

  it('tells a login limited to other stores that it cannot open this one', () => {
    expect(refusedStoreWords('not-yours', 'demo', MESA)).toEqual({
      title: 'You cannot open the store “demo” with this login',
      lead: 'Sign out and sign in as someone who works there, or open one of the stores you can:',
      hint: '',
    });
    expect(refusedStoreWords('not-yours', 'demo', []).lead).toBe(
      'Sign out and sign in as someone who works there, or check the address.',
    );
  });

  it('never says a code or the service’s own sentence', () => {
    const all = [
      refusedStoreWords('unknown', 'nope', MESA),
      refusedStoreWords('unknown', 'nope', []),
      refusedStoreWords('not-yours', 'demo', []),
      refusedStoreWords('unknown', null, []),
    ].flatMap((words) => Object.values(words));
    for (const sentence of all) expect(sentence).not.toMatch(/NOT_FOUND|FORBIDDEN|404|403|dispensary with short name/);
  });
});

describe('the address of another store', () => {
  it('puts its short name in place of the one asked, keeping the rest', () => {
    expect(addressWithStore('http://127.0.0.1:4610/backoffice/?dispensary=nope&terminal=bo-1#x', 'mesa')).toBe(
      'http://127.0.0.1:4610/backoffice/?dispensary=mesa&terminal=bo-1',
    );
    expect(addressWithStore('http://127.0.0.1:4610/backoffice/', 'mesa')).toBe(
      'http://127.0.0.1:4610/backoffice/?dispensary=mesa',
    );
  });
});
