import { describe, expect, it } from 'vitest';
import {
  emailKey,
  hasLetter,
  idNumberKey,
  nameKey,
  normalizePhone,
  phoneWords,
  prefixRange,
} from '../../../electron/server/customers/customer-keys.js';

describe('normalizePhone', () => {
  it.each([
    ['(916) 555-0134', '9165550134'],
    ['916.555.0134', '9165550134'],
    ['+1 916 555 0134', '9165550134'],
    ['1-916-555-0134', '9165550134'],
    ['  9165550134 ', '9165550134'],
    ['+44 20 7123 4567', '+442071234567'],
    ['+49 30 123456', '+4930123456'],
  ])('keeps %s as %s', (text, digits) => {
    expect(normalizePhone(text)).toEqual({ ok: true, digits });
  });

  it.each([
    ['916-555', 'must have 10 digits (area code and number), not 6; write an international number with +'],
    ['2-916-555-0134', 'must have 10 digits (area code and number), not 11; write an international number with +'],
    ['+1 916 555', 'must have 10 digits (area code and number), not 7; write an international number with +'],
    ['+44 123', 'must have 8 to 15 digits with its country code, not 5'],
    ['916 555 0134 ext 2', 'may hold only digits, spaces, dashes, dots, parentheses and a leading +'],
    ['916+5550134', 'may hold only digits, spaces, dashes, dots, parentheses and a leading +'],
  ])('refuses %s: %s', (text, rule) => {
    expect(normalizePhone(text)).toEqual({ ok: false, rule });
  });

  it('gives back what it stored unchanged, so a change leaves a phone as it was', () => {
    for (const stored of ['9165550134', '+442071234567']) {
      expect(normalizePhone(stored)).toEqual({ ok: true, digits: stored });
    }
  });
});

describe('one phone, one email, in any spelling', () => {
  it('gives one phone in every usual spelling the same digits, as a second customer is compared', () => {
    const spellings = ['(916) 555-0100', '916.555.0100', '+1 916 555 0100', '1-916-555-0100', ' 9165550100 '];
    for (const text of spellings) expect(normalizePhone(text), text).toEqual({ ok: true, digits: '9165550100' });
    // Another area code, or a country code other than 1, is another phone.
    expect(normalizePhone('(530) 555-0100')).toEqual({ ok: true, digits: '5305550100' });
    expect(normalizePhone('+44 916 555 0100')).toEqual({ ok: true, digits: '+449165550100' });
  });

  it.each([
    ['Jane.Doe@Example.com', 'jane.doe@example.com'],
    ['  JANE.DOE@EXAMPLE.COM ', 'jane.doe@example.com'],
    ['jane.doe@example.com', 'jane.doe@example.com'],
    ['Jane+Shop@Example.com', 'jane+shop@example.com'],
    // ASCII letters only, as SQL's lower on SQLite and PostgreSQL's under the "C" collation.
    ['JOSÉ@Example.com', 'josÉ@example.com'],
  ])('compares the email %s as %s', (email, key) => {
    expect(emailKey(email)).toBe(key);
  });

  it('keeps emails apart that differ by more than case and spaces', () => {
    expect(emailKey('jane.doe@example.com')).not.toBe(emailKey('janedoe@example.com'));
    expect(emailKey('jane@example.com')).not.toBe(emailKey('jane@example.co'));
  });

  it.each([
    ['9165550100', '(916) 555-0100'],
    ['+442071234567', '+442071234567'],
  ])('says the stored phone %s as %s', (digits, words) => {
    expect(phoneWords(digits)).toBe(words);
  });
});

describe('name and ID number keys', () => {
  it.each([
    ["O'Brien", 'obrien'],
    ['García-López', 'garcialopez'],
    ['Mary Ann', 'maryann'],
    ['SEÁN', 'sean'],
    ['Nguyễn', 'nguyen'],
    ['Ødegård', 'ødegard'],
  ])('searches %s as %s', (name, key) => {
    expect(nameKey(name)).toBe(key);
  });

  it.each(["O'Brien", 'García-López', 'Nguyễn', 'Ødegård', '李', 'Ольга', 'محمد', 'J.', 'Mary 2nd'])(
    'takes %s as a name with a letter',
    (name) => expect(hasLetter(name)).toBe(true),
  );

  it.each(['1234', '42-7', "1'2", '٣٤', '½', '\u0301'])('takes %s as no name: not one letter', (name) => {
    expect(hasLetter(name)).toBe(false);
  });

  it('keeps ID numbers in upper case, letters and digits only', () => {
    expect(idNumberKey('d123-4567')).toBe('D1234567');
    expect(idNumberKey('123 456 789')).toBe('123456789');
  });
});

describe('prefixRange', () => {
  it.each([
    ['gar', 'lower', 'gas'],
    ['ab9', 'lower', 'aba'],
    ['az', 'lower', 'b'],
    ['916', 'lower', '917'],
    ['9169', 'lower', '916a'],
    ['AB9', 'upper', 'ABA'],
    ['D12Z', 'upper', 'D13'],
    ['+44', 'lower', '+45'],
    ['ø', 'lower', 'ù'],
  ] as const)('%s (%s) ends before %s', (prefix, letters, to) => {
    expect(prefixRange(prefix, letters)).toEqual({ from: prefix, to });
  });

  it('has no end after the last key of the alphabet', () => {
    expect(prefixRange('zz')).toEqual({ from: 'zz' });
    expect(prefixRange('ZZ', 'upper')).toEqual({ from: 'ZZ' });
  });

  it('holds every key starting with the prefix, and no other, in both engines’ order', () => {
    const keys = ['ga', 'gar', 'gar0', 'garcia', 'garz', 'garzzz', 'gas', 'gb', 'g9', 'h'];
    const { from, to } = prefixRange('gar');
    expect(keys.filter((key) => key >= from && (to === undefined || key < to))).toEqual(
      keys.filter((key) => key.startsWith('gar')),
    );
  });
});
