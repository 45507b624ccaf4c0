import { describe, expect, it } from 'vitest';
import { addressForStore } from '../../../../renderer/pos/logic/attach-state';

describe("an attached register's POS sells for its store", () => {
  it('keeps the page when it already sells for the attached store', () => {
    expect(addressForStore('http://127.0.0.1:4610/pos/?terminal=front-1', 'demo', 'demo')).toBeNull();
  });

  it('moves to the attached store, keeping the terminal and dropping the server to attach to', () => {
    const href = 'http://127.0.0.1:4610/pos/?terminal=front-2&server=http%3A%2F%2Fstore%3A4610';
    expect(addressForStore(href, 'demo', 'mesa')).toBe('http://127.0.0.1:4610/pos/?terminal=front-2&dispensary=mesa');
  });
});
