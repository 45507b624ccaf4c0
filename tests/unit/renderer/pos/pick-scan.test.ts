import { describe, expect, it } from 'vitest';
import {
  checkWeight,
  lineDone,
  lineKey,
  pickCount,
  pickedWords,
  scanForPick,
  tapForPick,
  weightTolerance,
  type PickProgress,
} from '../../../../renderer/pos/logic/pick-scan.js';
import { line, queued } from './queue-fixtures.js';

const prerolls = line({ lineIndex: 0, name: 'Pre-roll 1 g', quantity: 2, packageId: 'p1', packageLabel: 'LABEL-A' });
const flower = line({
  lineIndex: 1,
  productId: '0190a4c2-0000-7000-8000-000000000020',
  name: 'Jar flower',
  quantity: 3.5,
  deli: true,
  packageId: 'p2',
  packageLabel: 'LABEL-B',
});
const order = queued({ orderNumber: '7KQ2MZ', lines: [prerolls, flower] });
const catalog = new Map([
  ['LABEL-A2', { productId: prerolls.productId, name: 'Pre-roll 1 g' }],
  ['LABEL-Z', { productId: '0190a4c2-0000-7000-8000-000000000099', name: 'Gummies' }],
]);
const productOf = (code: string) => catalog.get(code.toUpperCase());

describe('picking an online order by scan', () => {
  it('counts a unit of the line whose package label is scanned, in any case, once per unit', () => {
    const first = scanForPick(order, {}, ' label-a ', productOf);
    expect(first).toEqual({ kind: 'counted', line: prerolls, sentence: 'Pre-roll 1 g: 1 of 2 scanned.' });
    const once: PickProgress = { 0: { key: lineKey(prerolls), scanned: 1, weighed: null } };
    expect(scanForPick(order, once, 'LABEL-A', productOf)).toMatchObject({ sentence: 'Pre-roll 1 g: 2 of 2 scanned.' });
    const full: PickProgress = { 0: { key: lineKey(prerolls), scanned: 2, weighed: null } };
    expect(lineDone(full, prerolls)).toBe(true);
    expect(scanForPick(order, full, 'LABEL-A', productOf)).toEqual({
      kind: 'refused',
      sentence: 'Pre-roll 1 g is already scanned in full (2\u00a0×).',
    });
  });

  it('asks a weighed line its weight, and it is done only once weighed', () => {
    expect(scanForPick(order, {}, 'LABEL-B', productOf)).toEqual({ kind: 'weigh', line: flower });
    const scannedOnly: PickProgress = { 1: { key: lineKey(flower), scanned: 1, weighed: null } };
    expect(lineDone(scannedOnly, flower)).toBe(false);
    expect(lineDone({ 1: { key: lineKey(flower), scanned: 1, weighed: 3.52 } }, flower)).toBe(true);
  });

  it('says why a scan confirms nothing: another package of the product, another product, an unknown label', () => {
    expect(scanForPick(order, {}, 'LABEL-A2', productOf)).toEqual({
      kind: 'refused',
      sentence: 'LABEL-A2 is Pre-roll 1 g, but not the package the order holds: take the one labelled LABEL-A.',
    });
    expect(scanForPick(order, {}, 'LABEL-Z', productOf)).toEqual({
      kind: 'refused',
      sentence: 'LABEL-Z is Gummies, which order 7KQ2MZ does not have.',
    });
    expect(scanForPick(order, {}, 'OTHER-STORE-1', productOf)).toEqual({
      kind: 'refused',
      sentence: 'Nothing in this store has the label OTHER-STORE-1: check the label and scan it again.',
    });
    expect(scanForPick(order, {}, '  ', productOf)).toEqual({
      kind: 'refused',
      sentence: 'Scan a package label, or type it.',
    });
  });

  it('starts a line again when its package or quantity changed since it was scanned', () => {
    const scanned: PickProgress = { 0: { key: lineKey(prerolls), scanned: 2, weighed: null } };
    const grown = { ...prerolls, quantity: 3 };
    expect(lineDone(scanned, grown)).toBe(false);
    expect(scanForPick({ ...order, lines: [grown, flower] }, scanned, 'LABEL-A', productOf)).toMatchObject({
      sentence: 'Pre-roll 1 g: 1 of 3 scanned.',
    });
    expect(pickCount(order, scanned)).toEqual({ done: 1, of: 2 });
  });
});

describe('picking an item with no package label (an accessory)', () => {
  const jar = line({
    lineIndex: 2,
    productId: '0190a4c2-0000-7000-8000-000000000030',
    brand: 'Stash Supply',
    name: 'Smell-Proof Stash Jar',
    quantity: 2,
    unitType: 'each',
    packageId: 'p3',
    packageLabel: '',
  });
  const withJar = queued({ orderNumber: '7KQ2MZ', lines: [prerolls, jar] });
  const byBarcode = (code: string) =>
    code === '850041000473' ? { productId: jar.productId, name: jar.name } : productOf(code);

  it("is counted by its product's barcode, once per unit, and the order can be packed", () => {
    expect(scanForPick(withJar, {}, '850041000473', byBarcode)).toEqual({
      kind: 'counted',
      line: jar,
      sentence: 'Smell-Proof Stash Jar: 1 of 2 in the bag.',
    });
    const both: PickProgress = {
      0: { key: lineKey(prerolls), scanned: 2, weighed: null },
      2: { key: lineKey(jar), scanned: 2, weighed: null },
    };
    expect(pickCount(withJar, both)).toEqual({ done: 2, of: 2 });
    expect(scanForPick(withJar, both, '850041000473', byBarcode)).toEqual({
      kind: 'refused',
      sentence: 'Smell-Proof Stash Jar is already scanned in full (2\u00a0×).',
    });
  });

  it('is counted by a tap, once per unit; a labelled line is not', () => {
    expect(tapForPick({}, jar)).toMatchObject({
      kind: 'counted',
      sentence: 'Smell-Proof Stash Jar: 1 of 2 in the bag.',
    });
    const full: PickProgress = { 2: { key: lineKey(jar), scanned: 2, weighed: null } };
    expect(tapForPick(full, jar)).toEqual({
      kind: 'refused',
      sentence: 'Smell-Proof Stash Jar is already in the bag (2\u00a0×).',
    });
    expect(tapForPick({}, prerolls)).toEqual({
      kind: 'refused',
      sentence: "Scan the label of Pre-roll 1 g's package: LABEL-A.",
    });
  });

  it('counts toward the order picked, in words true of a tap as of a scan', () => {
    const withJar = queued({ orderNumber: '7KQ2MZ', lines: [prerolls, jar, flower] });
    // The jars went in the bag by taps: no scan, yet the line is picked.
    const tapped: PickProgress = { 2: { key: lineKey(jar), scanned: 2, weighed: null } };
    expect(pickedWords(pickCount(withJar, tapped))).toBe('1 of 3 lines picked');
    expect(pickedWords({ done: 0, of: 1 })).toBe('0 of 1 line picked');
    expect(pickedWords({ done: 3, of: 3 })).not.toMatch(/scanned/);
  });
});

describe("a weighed line's weight", () => {
  it('is accepted within 1 % of what was ordered, and at least 0.05 of its unit', () => {
    expect(weightTolerance(3.5)).toBe(0.05);
    expect(weightTolerance(28)).toBe(0.28);
    expect(checkWeight(flower, 3.55)).toEqual({ ok: true, sentence: 'Jar flower: 3.55 g weighed.' });
    expect(checkWeight(flower, 3.45).ok).toBe(true);
  });

  it('says how far short or over it is, and what to do', () => {
    expect(checkWeight(flower, 3.4)).toEqual({
      ok: false,
      sentence: '3.4 g is 0.1 g short of the 3.5 g ordered: add to it and weigh again.',
    });
    expect(checkWeight(flower, 3.62)).toEqual({
      ok: false,
      sentence: '3.62 g is 0.12 g over the 3.5 g ordered: take some out and weigh again.',
    });
  });
});
