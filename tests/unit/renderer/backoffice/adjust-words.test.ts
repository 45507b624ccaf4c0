import { describe, expect, it } from 'vitest';
import type { AdjustmentView } from '../../../../shared/contracts/inventory.js';
import {
  adjustControl,
  adjustedWords,
  adjusterWords,
  approverWords,
  amountWords,
  asksPin,
  beforeAfterWords,
  changeOf,
  changeWords,
  checkAdjustment,
  listedDeli,
  type AdjustDraft,
  type AdjustedProduct,
} from '../../../../renderer/backoffice/logic/adjust-words.js';

const JAR: AdjustedProduct = {
  packageId: 'k1',
  name: 'Blue Dream',
  sku: 'FLW-001',
  unitType: 'g',
  deli: false,
  quantityOnHand: 40,
};
const DELI: AdjustedProduct = {
  ...JAR,
  packageId: 'k9',
  name: 'Granddaddy Purple',
  sku: 'DEL-001',
  deli: true,
  quantityOnHand: 453.6,
};
const REASONS = [
  { code: 'damage', name: 'Damaged', noteRequired: false },
  { code: 'theft', name: 'Theft', noteRequired: true },
];
const draft = (fields: Partial<AdjustDraft> = {}): AdjustDraft => ({
  mode: 'remove',
  amount: '1',
  reason: 'damage',
  note: '',
  username: '',
  pin: '',
  ...fields,
});
const never = () => false;
const always = () => true;

describe('quantities in the product’s unit', () => {
  it('says units for a product counted by the unit and grams for one weighed', () => {
    expect(amountWords(1, false)).toBe('1 unit');
    expect(amountWords(-2, false)).toBe('2 units');
    expect(amountWords(3.5, true)).toBe('3.5 g');
    expect(changeWords(-1, false)).toBe('−1 unit');
    expect(changeWords(0.5, true)).toBe('+0.5 g');
    expect(beforeAfterWords(40, 38, false)).toBe('40 → 38 units');
    expect(beforeAfterWords(453.6, 453.1, true)).toBe('453.6 → 453.1 g');
    // Thousands grouped, as the Stock value groups them.
    expect(amountWords(1200, false)).toBe('1,200 units');
    expect(changeWords(-1360.776, true)).toBe('−1,360.776 g');
    expect(beforeAfterWords(0, 1200.5, true)).toBe('0 → 1,200.5 g');
    expect(beforeAfterWords(1200, 1199, false)).toBe('1,200 → 1,199 units');
  });
});

describe('the change typed', () => {
  it('answers the change and what stays on hand, removing, adding or counted', () => {
    expect(changeOf({ mode: 'remove', amount: '2' }, JAR)).toEqual({ delta: -2, after: 38 });
    expect(changeOf({ mode: 'add', amount: ' 3 ' }, JAR)).toEqual({ delta: 3, after: 43 });
    expect(changeOf({ mode: 'count', amount: '38' }, JAR)).toEqual({ delta: -2, after: 38 });
    expect(changeOf({ mode: 'remove', amount: '0.5' }, DELI)).toEqual({ delta: -0.5, after: 453.1 });
  });

  it('refuses in words what the service would refuse', () => {
    expect(changeOf({ mode: 'remove', amount: '' }, JAR)).toEqual({
      field: 'amount',
      sentence: 'Say how many units to remove.',
    });
    expect(changeOf({ mode: 'remove', amount: 'two' }, JAR)).toMatchObject({
      sentence: 'Type a number of units, such as 2.',
    });
    expect(changeOf({ mode: 'count', amount: '-1' }, JAR)).toMatchObject({
      sentence: 'Type a number of units (not below 0: Remove takes stock away), such as 2.',
    });
    expect(changeOf({ mode: 'remove', amount: '1.5' }, JAR)).toMatchObject({
      sentence: 'The change must be whole units: Blue Dream (FLW-001) is sold by the unit, not by the gram.',
    });
    expect(changeOf({ mode: 'remove', amount: '41' }, JAR)).toMatchObject({
      sentence:
        'The change would leave less than nothing: Blue Dream (FLW-001) has 40 on hand, so at most 40 can be taken off.',
    });
    expect(changeOf({ mode: 'count', amount: '40' }, JAR)).toMatchObject({
      sentence: 'The count is what Blue Dream (FLW-001) has on hand already.',
    });
    expect(changeOf({ mode: 'add', amount: '0' }, JAR)).toMatchObject({ field: 'amount' });
    expect(changeOf({ mode: 'add', amount: '0.0001' }, DELI)).toMatchObject({ field: 'amount' });
  });

  it('reads thousands grouped by commas, and refuses any other comma saying why', () => {
    const CASE = { ...JAR, quantityOnHand: 1200 };
    expect(changeOf({ mode: 'count', amount: '1,150' }, CASE)).toEqual({ delta: -50, after: 1150 });
    expect(changeOf({ mode: 'remove', amount: '1,5' }, DELI)).toEqual({
      field: 'amount',
      sentence:
        'The change "1,5" could mean 1.5 or 15: a comma only separates thousands, three digits at a time (1,250); type 1.5 or 15.',
    });
    expect(changeOf({ mode: 'count', amount: '1,15' }, CASE)).toMatchObject({
      sentence: expect.stringMatching(/^The count "1,15" could mean 1\.15 or 115: /),
    });
  });
});

describe('the dialog checked before it is sent', () => {
  it('sends the package, the signed change or the count, the reason and the note', () => {
    expect(checkAdjustment(draft({ note: ' Jar dropped ' }), JAR, REASONS, never)).toEqual({
      ok: true,
      body: { package: 'k1', delta: -1, reason: 'damage', note: 'Jar dropped' },
      delta: -1,
      after: 39,
    });
    expect(checkAdjustment(draft({ mode: 'count', amount: '38' }), JAR, REASONS, never)).toMatchObject({
      body: { package: 'k1', quantity: 38, reason: 'damage' },
    });
  });

  it('asks for a reason, a note where the reason needs one, and a manager where the store asks', () => {
    expect(checkAdjustment(draft({ reason: '' }), JAR, REASONS, never)).toEqual({
      ok: false,
      field: 'reason',
      sentence: 'Choose a reason.',
    });
    expect(checkAdjustment(draft({ reason: 'theft' }), JAR, REASONS, never)).toEqual({
      ok: false,
      field: 'note',
      sentence: 'Theft needs a note: say what happened.',
    });
    expect(checkAdjustment(draft(), JAR, REASONS, always)).toMatchObject({ field: 'username' });
    expect(checkAdjustment(draft({ username: 'manager' }), JAR, REASONS, always)).toMatchObject({ field: 'pin' });
    expect(checkAdjustment(draft({ username: ' manager ', pin: '2580' }), JAR, REASONS, always)).toMatchObject({
      ok: true,
      body: { approval: { username: 'manager', pin: '2580' } },
    });
  });
});

describe('the store’s PIN policy', () => {
  it('asks a cashier for every change (0), changes over N units, or never (null); never an approver', () => {
    expect(asksPin(0, -1, false)).toBe(true);
    expect(asksPin(5, -5, false)).toBe(false);
    expect(asksPin(5, 5.5, false)).toBe(true);
    expect(asksPin(null, -100, false)).toBe(false);
    expect(asksPin(0, -1, true)).toBe(false);
  });

  it('puts a refusal beside its field: the quantity, the reason, the note or the PIN', () => {
    expect(adjustControl('delta', 400)).toBe('amount');
    expect(adjustControl('quantity', 400)).toBe('amount');
    expect(adjustControl('note', 400)).toBe('note');
    expect(adjustControl('', 403)).toBe('pin');
    expect(adjustControl('', 429)).toBe('pin');
    expect(adjustControl('approval.username', 400)).toBe('username');
    expect(adjustControl('', 404)).toBe('');
  });
});

describe('an adjustment in words', () => {
  const saved: AdjustmentView = {
    adjustmentId: 'a1',
    packageId: 'k1',
    packageLabel: '1A4060300003D12000000001',
    productId: 'p1',
    productName: 'Blue Dream',
    sku: 'FLW-001',
    unitType: 'g',
    delta: -1,
    quantityBefore: 40,
    quantityAfter: 39,
    reason: 'damage',
    reasonName: 'Damaged',
    note: 'Jar dropped',
    by: 'cashier',
    byName: 'Casey Cashier',
    approvedBy: 'manager',
    approvedByName: 'Morgan Manager',
    approvedByOther: true,
    at: '2026-11-30T16:00:00.000Z',
    storeDay: '2026-11-30',
  };

  it('says what was done, and who approved it by name', () => {
    expect(adjustedWords(saved, false)).toBe(
      'Removed 1 unit of Blue Dream for Damaged: 40 → 39 units. Approved by Morgan Manager.',
    );
    expect(
      adjustedWords(
        { ...saved, delta: 2.5, quantityAfter: 42.5, approvedBy: null, approvedByName: null, approvedByOther: false },
        true,
      ),
    ).toBe('Added 2.5 g to Blue Dream for Damaged: 40 → 42.5 g.');
  });

  it('names who made and approved it by their display names, else as the record wrote them', () => {
    expect(adjusterWords(saved)).toBe('Casey Cashier');
    expect(approverWords(saved)).toBe('Morgan Manager');
    // No user now: the record's own words.
    const gone = { ...saved, byName: null, approvedBy: 'Morgan Manager', approvedByName: null };
    expect(adjusterWords(gone)).toBe('cashier');
    expect(approverWords(gone)).toBe('Morgan Manager');
    expect(approverWords({ ...saved, approvedBy: null, approvedByName: null, approvedByOther: false })).toBeNull();
    // A manager's or the operator's own adjustment: the service says nobody else approved it, so no
    // approval is said, whatever names the record keeps.
    const own = { ...saved, by: 'manager', byName: 'Morgan Manager', approvedByOther: false };
    expect(approverWords(own)).toBeNull();
    const operator = { ...own, by: 'operator', byName: null, approvedBy: 'the operator (servicepay command)' };
    expect(adjusterWords(operator)).toBe('Operator (servicepay command)');
    expect(approverWords({ ...operator, approvedByName: null })).toBeNull();
    expect(adjustedWords(own, false)).toBe('Removed 1 unit of Blue Dream for Damaged: 40 → 39 units.');
  });

  it('knows a listed product is weighed from the products shown, else from a part of a gram', () => {
    expect(listedDeli(saved, new Map())).toBe(false);
    expect(listedDeli(saved, new Map([['p1', true]]))).toBe(true);
    expect(listedDeli({ ...saved, quantityBefore: 453.6, quantityAfter: 452.6 }, new Map())).toBe(true);
  });
});
