import { describe, expect, it } from 'vitest';
import type { PrintResult } from '../../../../shared/contracts/printers.js';
import { bagLabelWords } from '../../../../renderer/pos/logic/bag-label-words.js';

const result = (fields: Partial<PrintResult>): PrintResult => ({
  resultCode: 'SUCCESS',
  resultReason: null,
  printed: false,
  configured: true,
  drawerOpened: false,
  ...fields,
});

describe('what packing says of the bag label', () => {
  it('says it printed, that the register has no printer, or why it did not print', () => {
    expect(bagLabelWords('7KQ2ZP', result({ printed: true }))).toBe('Order 7KQ2ZP packed; its bag label printed.');
    expect(bagLabelWords('7KQ2ZP', result({ configured: false }))).toBe(
      'Order 7KQ2ZP packed. This register has no printer: write the order number on the bag.',
    );
    expect(
      bagLabelWords('7KQ2ZP', result({ problem: 'The printer is out of paper: load a new roll, then print again' })),
    ).toBe(
      'Order 7KQ2ZP packed, but its bag label did not print: the printer is out of paper: load a new roll, then print again. Write the order number on the bag.',
    );
  });

  it('counts the labels of an order packed in several bags', () => {
    expect(bagLabelWords('7KQ2ZP', result({ printed: true }), 3)).toBe(
      'Order 7KQ2ZP packed; its 3 bag labels printed, one for each bag.',
    );
    expect(bagLabelWords('7KQ2ZP', result({ configured: false }), 2)).toBe(
      'Order 7KQ2ZP packed. This register has no printer: write the order number on each bag.',
    );
    expect(bagLabelWords('7KQ2ZP', result({ problem: 'The printer is off.' }), 2)).toBe(
      'Order 7KQ2ZP packed, but its bag labels did not print: the printer is off. Write the order number on each bag.',
    );
  });
});
