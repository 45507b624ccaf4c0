import { describe, expect, it } from 'vitest';
import { listed } from '../../../shared/list-words.js';

describe('listed', () => {
  it('says none, one, two and more words as a sentence does, with no comma before the last', () => {
    expect(listed([])).toBe('');
    expect(listed(['Flower'])).toBe('Flower');
    expect(listed(['Flower', 'Edibles'])).toBe('Flower and Edibles');
    expect(listed(['Flower', 'Edibles', 'Vapes', 'Topicals'])).toBe('Flower, Edibles, Vapes and Topicals');
  });

  it('joins the last two with the word it is given', () => {
    expect(listed(['Spring sale', 'Fall sale'], 'or')).toBe('Spring sale or Fall sale');
    expect(listed(['a paid-out', 'a drop', 'a no-sale'], 'or')).toBe('a paid-out, a drop or a no-sale');
    expect(listed(['Cash'], 'or')).toBe('Cash');
  });
});
