import { invalidInput } from '../../../shared/errors.js';

/** An opaque paging cursor: where the last row shown was, in (createdAt, id) order. */
export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || extra !== undefined || Number.isNaN(Date.parse(createdAt))) {
    throw invalidInput('cursor', 'is not a cursor this service issued');
  }
  return { createdAt, id };
}
