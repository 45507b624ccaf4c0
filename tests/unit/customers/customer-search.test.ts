import { describe, expect, it } from 'vitest';
import { parseSearch } from '../../../electron/server/customers/customer-search.js';

describe('parseSearch', () => {
  it.each([
    [undefined, { kind: 'everyone' }],
    ['   ', { kind: 'everyone' }],
    ['gar', { kind: 'name', either: 'gar' }],
    ["O'Bri", { kind: 'name', either: 'obri' }],
    ['García', { kind: 'name', either: 'garcia' }],
    ['garcia, mar', { kind: 'name', both: { first: 'mar', last: 'garcia' } }],
    ['Garcia,', { kind: 'name', last: 'garcia' }],
    ['maria garcia', { kind: 'name', either: 'mariagarcia', both: { first: 'maria', last: 'garcia' } }],
    ['maria de la cruz', { kind: 'name', either: 'mariadelacruz', both: { first: 'maria', last: 'delacruz' } }],
    ['(916) 555-01', { kind: 'number', phone: '91655501', idNumber: '91655501' }],
    ['+1 916 555 0134', { kind: 'number', phone: '9165550134', idNumber: '19165550134' }],
    ['1 916 555 0134', { kind: 'number', phone: '9165550134', idNumber: '19165550134' }],
    ['+44 20 71', { kind: 'number', phone: '+442071', idNumber: '442071' }],
    ['d123-45', { kind: 'number', idNumber: 'D12345' }],
    ['123456789', { kind: 'number', phone: '123456789', idNumber: '123456789' }],
  ])('reads %j', (q, term) => {
    expect(parseSearch(q)).toEqual(term);
  });

  it.each(['!!', ', maria', '--'])('refuses %j, saying what it searches for', (q) => {
    expect(() => parseSearch(q)).toThrow(
      `q must hold a name, a phone number or an ID number to search for, not "${q}"`,
    );
  });
});
