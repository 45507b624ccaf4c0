import { describe, expect, it } from 'vitest';
import {
  FORWARD_EXCEPTION_LABELS,
  forwardExceptionDetail,
  forwardExceptionLabel,
} from '../../../shared/forward-exception-words.js';

describe('the exceptions report of forwarded sales in words', () => {
  it('names each kind in plain words, never its code', () => {
    expect(forwardExceptionLabel('negative_stock')).toBe('Stock below zero');
    expect(forwardExceptionLabel('reserved_short')).toBe('Orders short of stock');
    expect(forwardExceptionLabel('number_taken')).toBe('Order renumbered');
    expect(forwardExceptionLabel('not_applied')).toBe('Change refused');
    expect(forwardExceptionLabel('changes_missing')).toBe('Changes missing');
    expect(forwardExceptionLabel('went_back')).toBe('Register went back');
    expect(forwardExceptionLabel('shift_replaced')).toBe('Drawer shift replaced');
    expect(forwardExceptionLabel('z_renumbered')).toBe('Z report renumbered');
    expect(forwardExceptionLabel('something_new')).toBe('Other exception');
    for (const { label } of Object.values(FORWARD_EXCEPTION_LABELS)) expect(label).not.toMatch(/_/);
  });

  it('makes the detail a sentence, keeping a register’s name as it goes by', () => {
    const of = (detail: string) => forwardExceptionDetail({ detail, registerName: 'front-1' });
    expect(of('order 12 of front-1 is order 57 here: another order of the store has its number')).toBe(
      'Order 12 of front-1 is order 57 here: another order of the store has its number.',
    );
    expect(of('front-1 sold 2 more of Gummies than the server had (its stock is now 0): count the package')).toBe(
      'front-1 sold 2 more of Gummies than the server had (its stock is now 0): count the package.',
    );
    expect(of('Already a sentence.')).toBe('Already a sentence.');
    expect(of('  ')).toBe('No detail was recorded.');
  });
});
