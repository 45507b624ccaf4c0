import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memory-storage.js';
import { keptFor, loadPicking, savePicking } from '../../../../renderer/pos/logic/kept-picking.js';
import { lineKey } from '../../../../renderer/pos/logic/pick-scan.js';
import { line, queued } from './queue-fixtures.js';

const prerolls = line({ lineIndex: 0, name: 'Pre-roll', quantity: 2, packageId: 'p1', packageLabel: 'LABEL-A' });
const flower = line({ lineIndex: 1, name: 'Jar', quantity: 3.5, deli: true, packageId: 'p2', packageLabel: 'LABEL-B' });
const picking = queued({
  orderNumber: 'PICK11',
  status: 'IN_PROCESS',
  fulfillmentStatus: 'IN_PROCESS',
  lines: [prerolls, flower],
});
const one = { key: lineKey(prerolls), scanned: 1, weighed: null };

describe("a register's picking progress, kept on its computer", () => {
  it('is kept per register, read back, and forgotten once nothing is being picked', () => {
    const kept = memoryStorage();
    savePicking('front-1', { [picking.orderId]: { 0: one } }, kept);
    expect(loadPicking('front-1', kept)).toEqual({ [picking.orderId]: { 0: one } });
    expect(loadPicking('front-2', kept)).toEqual({});
    savePicking('front-1', {}, kept);
    expect(loadPicking('front-1', kept)).toEqual({});
    expect(kept.kept.size).toBe(0);
  });

  it('reads nothing from what is not one (another version, a hand edit)', () => {
    const kept = memoryStorage();
    const texts = ['{', '[]', '"x"', '{"o":{"0":{"key":1,"scanned":1}}}', '{"o":{"0":{"key":"k","scanned":-1}}}'];
    for (const text of texts) {
      kept.setItem('servicepay.pos.picking.front-1', text);
      expect(loadPicking('front-1', kept)).toEqual({});
    }
  });

  it('keeps what the order still holds as scanned', () => {
    const weighed = { key: lineKey(flower), scanned: 1, weighed: 3.5 };
    const progress = { [picking.orderId]: { 0: one, 1: weighed } };
    expect(keptFor(progress, [picking])).toEqual(progress);
  });

  it('drops an order no longer picked: packed, handed over, canceled, or gone from the queue', () => {
    const progress = { [picking.orderId]: { 0: one } };
    const packed = { ...picking, status: 'PACKED_READY' as const, fulfillmentStatus: 'PACKED_READY' as const };
    expect(keptFor(progress, [packed])).toEqual({});
    expect(keptFor(progress, [])).toEqual({});
    // Past the end of a truncated list, it may still be picked: kept.
    expect(keptFor(progress, [], false)).toEqual(progress);
  });

  it('drops a scan of a line the order no longer has as scanned, or more than it holds', () => {
    const changed = { ...picking, lines: [{ ...prerolls, quantity: 1 }, flower] };
    expect(keptFor({ [picking.orderId]: { 0: one } }, [changed])).toEqual({});
    const gone = { ...picking, lines: [flower] };
    expect(keptFor({ [picking.orderId]: { 0: one } }, [gone])).toEqual({});
    const over = {
      [picking.orderId]: { 0: { ...one, scanned: 3 }, 1: { key: lineKey(flower), scanned: 1, weighed: null } },
    };
    expect(keptFor(over, [picking])).toEqual({
      [picking.orderId]: { 1: { key: lineKey(flower), scanned: 1, weighed: null } },
    });
    const weighedUnweighable = { [picking.orderId]: { 0: { ...one, weighed: 2 } } };
    expect(keptFor(weighedUnweighable, [picking])).toEqual({});
  });
});
