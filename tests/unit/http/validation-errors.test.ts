import { describe, expect, it } from 'vitest';
import { TicketLinesEditSchema } from '../../../shared/contracts/ticket-edits.js';
import { fromValidation, type AjvError } from '../../../electron/server/http/validation-errors.js';
import { validatorCompiler } from '../../../electron/server/http/validators.js';

type Validate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/** The refusal of `body` by `schema`, as the error handler makes it: its words and the field kept. */
function refusal(schema: object, body: unknown): { words: string; field: string | undefined } {
  const validate = validatorCompiler({ schema, method: 'POST', url: '/x', httpPart: 'body' }) as Validate;
  expect(validate(body)).toBe(false);
  const error = fromValidation(validate.errors!, 'body', body);
  return { words: error.message, field: error.field };
}

describe('a schema refusal of an item that names an order’s line', () => {
  it('names the line by its lineIndex, not the item’s place in the list', () => {
    const edit = (change: object) =>
      refusal(TicketLinesEditSchema, { changes: [{ lineIndex: 3, remove: true }, change] });
    expect(edit({ lineIndex: 2, quantity: '1' })).toEqual({
      words: 'line 2: quantity must be a number',
      field: 'changes[1].quantity',
    });
    expect(edit({ lineIndex: 1, colour: 'red' })).toEqual({
      words: 'line 1: colour is not an allowed field',
      field: 'changes[1].colour',
    });
    expect(edit({ lineIndex: 4, remove: false }).words).toBe('line 4: remove must be true');
  });

  it('keeps the path where the item names no line, and for every other list', () => {
    expect(refusal(TicketLinesEditSchema, { changes: [{ lineIndex: '1', quantity: 1 }] }).words).toBe(
      'changes[0].lineIndex must be a whole number',
    );
    const items = {
      type: 'object',
      properties: {
        items: { type: 'array', items: { type: 'object', properties: { quantity: { type: 'number', minimum: 1 } } } },
      },
    };
    expect(refusal(items, { items: [{ quantity: 2 }, { quantity: 0 }] }).words).toBe(
      'items[1].quantity must be at least 1',
    );
  });
});
