import { describe, expect, it } from 'vitest';
import type { OrderCode } from '../../../../shared/contracts/order-history.js';
import { codeLines } from '../../../../renderer/common/order-code-words.js';

describe('the promo codes on an order’s detail', () => {
  it('says what each took off, that it did not apply, or that it is not known now', () => {
    const told: OrderCode[] = [
      { code: 'SPRING20', outcome: 'applied', amount: 400, deals: ['Spring 20 %'] },
      { code: 'WELCOME', outcome: 'not_applied', amount: 0, deals: [] },
      { code: 'FALL10', outcome: 'unknown', amount: 0, deals: ['Fall sale', 'Summer sale'] },
    ];
    expect(codeLines(['SPRING20', 'WELCOME', 'FALL10'], told, false)).toEqual([
      { code: 'SPRING20', words: '$4.00 off (Spring 20 %)', applied: true },
      { code: 'WELCOME', words: 'did not apply', applied: false },
      {
        code: 'FALL10',
        words: 'not known: Fall sale or Summer sale may have been its deal (archived or changed since this sale)',
        applied: false,
      },
    ]);
  });

  it('never shows a code bare while the order is read, or when it could not be', () => {
    expect(codeLines(['SPRING20'], undefined, false)).toEqual([
      { code: 'SPRING20', words: 'reading whether it applied…', applied: false },
    ]);
    expect(codeLines(['SPRING20'], undefined, true)[0]!.words).toBe('whether it applied could not be read');
    expect(codeLines(['SPRING20'], [], false)[0]!.words).toBe('whether it applied could not be read');
  });
});
