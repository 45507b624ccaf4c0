import { describe, expect, it } from 'vitest';
import { closeQuestion } from '../../../../renderer/pos/logic/close-words.js';

const FINAL = 'The close is final: it goes on the Z report, and the drawer takes no cash until it is opened again.';

describe("the drawer close's question", () => {
  it('names a shortage in the title, the words and the button that closes', () => {
    expect(closeQuestion(8750, 10_000)).toEqual({
      title: 'Close the drawer $12.50 short?',
      message: `$87.50 counted, and the drawer should hold $100.00: $12.50 short. ${FINAL}`,
      confirm: 'Close $12.50 short',
      keep: 'Count again',
    });
  });

  it('names cash over the same way', () => {
    expect(closeQuestion(10_200, 10_000)).toMatchObject({
      title: 'Close the drawer $2.00 over?',
      confirm: 'Close $2.00 over',
    });
  });

  it('says a balanced count is balanced', () => {
    expect(closeQuestion(10_000, 10_000)).toEqual({
      title: 'Close the drawer?',
      message: `$100.00 counted: balanced. ${FINAL}`,
      confirm: 'Close the drawer',
      keep: 'Keep counting',
    });
  });

  it('never compares a blind close: nothing of the expected cash, or of short or over', () => {
    const blind = closeQuestion(8750, null);
    expect(blind.title).toBe('Close the drawer?');
    expect(blind.confirm).toBe('Close the drawer');
    expect(blind.message).toBe(
      'The close is final: $87.50 counted goes on the Z report, and the drawer takes no cash until it is opened again.',
    );
    expect(JSON.stringify(blind)).not.toMatch(/short|over|should hold|balanced/);
  });
});
