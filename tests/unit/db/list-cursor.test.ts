import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServicePayError } from '../../../shared/errors.js';
import { issueCursor, readCursor, type PagedList } from '../../../electron/server/db/list-cursor.js';
import { decodeCursor, encodeCursor } from '../../../electron/server/db/newest-first.js';

const tickets = (filter: PagedList['filter']): PagedList => ({ name: 'tickets', filter });
const AT = '2026-11-01T17:30:00.000Z';

/** The refusal of reading `cursor` for `list`: its words and the field it names. */
function refusal(list: PagedList, cursor: string): { words: string; field: string | undefined } {
  try {
    readCursor(list, cursor, 2);
  } catch (error) {
    expect(error).toBeInstanceOf(ServicePayError);
    const refused = error as ServicePayError;
    expect(refused.code).toBe('INVALID_INPUT');
    return { words: refused.message, field: refused.field };
  }
  throw new Error(`the cursor ${cursor} was read`);
}

const OTHER_FILTERS = 'belongs to a list with other filters: start again from the first page';

describe('a list cursor (db/list-cursor.ts)', () => {
  it('names the place it was issued at, read back for the same list and filters', () => {
    const list = tickets({ store: 'd1', status: 'PAID', createdFrom: AT });
    const cursor = issueCursor(list, [AT, 'order-1']);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(readCursor(list, cursor, 2)).toEqual([AT, 'order-1']);
    expect(decodeCursor(list, encodeCursor(list, AT, 'order-1'))).toEqual({ createdAt: AT, id: 'order-1' });
  });

  it('reads the same filters however they are written: in another order, a filter left out or left blank', () => {
    const cursor = issueCursor(tickets({ store: 'd1', status: 'PAID', createdFrom: undefined }), [AT, 'o']);
    expect(readCursor(tickets({ status: 'PAID', store: 'd1' }), cursor, 2)).toEqual([AT, 'o']);
    expect(readCursor(tickets({ store: 'd1', status: 'PAID', createdBefore: '' }), cursor, 2)).toEqual([AT, 'o']);
  });

  it('refuses, in words, a cursor of other filters, of another store or of another list', () => {
    const cursor = issueCursor(tickets({ store: 'd1', status: 'PAID' }), [AT, 'o']);
    expect(refusal(tickets({ store: 'd1', status: 'CANCELED' }), cursor)).toEqual({
      words: `cursor ${OTHER_FILTERS}`,
      field: 'cursor',
    });
    expect(refusal(tickets({ store: 'd1' }), cursor).words).toBe(`cursor ${OTHER_FILTERS}`);
    expect(refusal(tickets({ store: 'd2', status: 'PAID' }), cursor).words).toBe(`cursor ${OTHER_FILTERS}`);
    expect(refusal({ name: 'payments', filter: { store: 'd1', status: 'PAID' } }, cursor).words).toBe(
      `cursor ${OTHER_FILTERS}`,
    );
    // A true filter is not the text "true".
    const archived = issueCursor({ name: 'products', filter: { archived: true } }, ['a', 'b']);
    expect(refusal({ name: 'products', filter: { archived: 'true' } }, archived).words).toBe(`cursor ${OTHER_FILTERS}`);
  });

  it('names the parameter that carries it', () => {
    const list: PagedList = { name: 'customers', filter: { store: 'd1', search: 'gar' }, field: 'before' };
    const cursor = issueCursor(list, [AT, 'c1']);
    expect(refusal({ ...list, filter: { store: 'd1', search: 'mar' } }, cursor)).toEqual({
      words: `before ${OTHER_FILTERS}`,
      field: 'before',
    });
    expect(refusal(list, 'nonsense')).toEqual({
      words: 'before is not a nextCursor this service issued: start again from the first page',
      field: 'before',
    });
  });

  it('refuses, in words, the cursors of earlier versions, which were tied to no filter', () => {
    const earlier =
      'is from an earlier version of the service, before cursors were tied to their filters: start again from the first page';
    const newestFirst = Buffer.from(`${AT}|order-1`, 'utf8').toString('base64url');
    const byName = Buffer.from(JSON.stringify(['blue dream', 'product-1']), 'utf8').toString('base64url');
    expect(refusal(tickets({ store: 'd1' }), newestFirst).words).toBe(`cursor ${earlier}`);
    expect(refusal({ name: 'catalog', filter: {} }, byName).words).toBe(`cursor ${earlier}`);
  });

  it('refuses what it never issued, whatever the text, and never fails otherwise', () => {
    const list = tickets({ store: 'd1' });
    const notIssued = 'cursor is not a nextCursor this service issued: start again from the first page';
    const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
    for (const cursor of ['', 'page-2', '%%%', json([2]), json([2, 'x', AT]), json([3, 'x', AT, 'o']), json({})]) {
      expect(refusal(list, cursor).words).toBe(notIssued);
    }
    // A cursor of this format whose time is not a time is not one of a list newest first.
    const list2 = tickets({ store: 'd1' });
    expect(() => decodeCursor(list2, issueCursor(list2, ['yesterday', 'o']))).toThrow(notIssued);
    fc.assert(
      fc.property(fc.string(), (text) => {
        for (const cursor of [text, Buffer.from(text, 'utf8').toString('base64url')]) {
          try {
            decodeCursor(list, cursor);
          } catch (error) {
            expect(error).toBeInstanceOf(ServicePayError);
          }
        }
      }),
    );
  });
});
