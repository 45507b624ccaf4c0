import { describe, expect, it } from 'vitest';
import { sellingPackage, type SellingCandidate } from '../../../electron/server/catalog/selling-package.js';

// Which of a product's packages a line takes (docs/packages.md): the floor's first to expire that
// has all of it, else the floor's fullest, else nothing to sell.
const pkg = (packageId: string, availableMilli: number, expiresOn: string | null = null, onFloor = true) =>
  ({ packageId, availableMilli, expiresOn, onFloor }) satisfies SellingCandidate;

describe('the package a line takes', () => {
  it('takes the floor package expiring first (undated last, then by id), whatever order they come in', () => {
    const packages = [pkg('c', 5000), pkg('b', 5000, '2027-03-01'), pkg('a', 5000, '2027-01-15')];
    expect(sellingPackage(packages)?.packageId).toBe('a');
    expect(sellingPackage([...packages].reverse())?.packageId).toBe('a');
    expect(sellingPackage([pkg('z', 1000), pkg('y', 1000)])?.packageId).toBe('y');
  });

  it('passes over a package that cannot fill the line for the first one that can', () => {
    const packages = [pkg('old', 2000, '2027-01-01'), pkg('new', 9000, '2027-06-01')];
    expect(sellingPackage(packages, 2000)?.packageId).toBe('old');
    expect(sellingPackage(packages, 3000)?.packageId).toBe('new');
  });

  it('takes the fullest floor package when none has it all (the line is filled as far as it goes)', () => {
    const packages = [pkg('a', 2000, '2027-01-01'), pkg('b', 4000, '2027-02-01'), pkg('c', 3000)];
    expect(sellingPackage(packages, 10_000)?.packageId).toBe('b');
  });

  it('never sells from another room, nor from an empty package while another has stock', () => {
    const vault = pkg('v', 0, '2026-12-01', false);
    expect(sellingPackage([vault, pkg('f', 1000, '2027-05-01')])?.packageId).toBe('f');
    expect(sellingPackage([pkg('e', 0, '2026-12-01'), pkg('f', 1000, '2027-05-01')])?.packageId).toBe('f');
    // Nothing on the floor: the first package answers, with nothing to sell.
    expect(sellingPackage([vault])).toEqual(vault);
    expect(sellingPackage([])).toBeUndefined();
  });
});
