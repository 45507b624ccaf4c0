import { describe, expect, it } from 'vitest';
import { refundIdOf } from '../../../electron/server/payments/pay/refund-id.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("a refund's id, its reference at the processor", () => {
  it('is the same for the same keyed request on the same payment, so a retry asks the processor by it again', () => {
    const keyed = { key: 'refund-1', hash: 'h1' };
    expect(refundIdOf('p-1', keyed)).toBe(refundIdOf('p-1', { ...keyed }));
    expect(refundIdOf('p-1', keyed)).toMatch(UUID);
    expect(refundIdOf('p-1', keyed)[14]).toBe('8');
  });

  it('differs by payment, key and request, and is random without a key', () => {
    const ids = [
      refundIdOf('p-1', { key: 'k', hash: 'h' }),
      refundIdOf('p-2', { key: 'k', hash: 'h' }),
      refundIdOf('p-1', { key: 'k2', hash: 'h' }),
      refundIdOf('p-1', { key: 'k', hash: 'h2' }),
      refundIdOf('p-1'),
      refundIdOf('p-1'),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(UUID);
  });
});
