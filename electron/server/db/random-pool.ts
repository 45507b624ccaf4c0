import { randomFillSync } from 'node:crypto';

const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;

/**
 * `length` cryptographically random bytes, copied out of a pool refilled 4 KiB at a time: one
 * getrandom call serves hundreds of ids instead of one call per id.
 */
export function randomBytesPooled(length: number): Buffer {
  if (length > POOL_SIZE) throw new RangeError(`at most ${POOL_SIZE} random bytes at a time`);
  if (offset + length > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + length));
  // Never hand out the same bytes twice.
  pool.fill(0, offset, offset + length);
  offset += length;
  return bytes;
}
