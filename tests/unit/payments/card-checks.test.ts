import { describe, expect, it } from 'vitest';
import { abaRoutingValid, checkBankAccount } from '../../../electron/server/payments/checks/ach-checks.js';
import { cardBrand, checkKeyedCard, luhnValid } from '../../../electron/server/payments/checks/card-checks.js';

const NOW = new Date('2026-06-15T12:00:00Z');
const card = (number: string, expiry = '12/30', cvc = '123') => ({ number, expiry, cvc });

describe('luhnValid', () => {
  it.each([
    ['4242424242424242', true],
    ['4000056655665556', true],
    ['378282246310005', true],
    ['5555555555554444', true],
    ['4242424242424241', false],
    ['1234567812345678', false],
    ['42424242a4242424', false],
  ])('%s → %s', (digits, valid) => expect(luhnValid(digits)).toBe(valid));
});

describe('cardBrand', () => {
  it.each([
    ['4242424242424242', 'Visa'],
    ['5555555555554444', 'Mastercard'],
    ['2223003122003222', 'Mastercard'],
    ['378282246310005', 'American Express'],
    ['6011111111111117', 'Discover'],
    ['3566002020360505', 'Card'],
  ])('%s is %s', (digits, brand) => expect(cardBrand(digits).brand).toBe(brand));
});

describe('checkKeyedCard', () => {
  it('keeps only the brand and the last four digits', () => {
    expect(checkKeyedCard(card('4242 4242 4242 4242'), NOW)).toEqual({ brand: 'Visa', last4: '4242' });
    expect(checkKeyedCard(card('378282246310005', '01/27', '1234'), NOW)).toEqual({
      brand: 'American Express',
      last4: '0005',
    });
  });

  it('accepts a card in its expiry month and refuses the month after', () => {
    expect(() => checkKeyedCard(card('4242424242424242', '06/26'), NOW)).not.toThrow();
    expect(() => checkKeyedCard(card('4242424242424242', '05/26'), NOW)).toThrow('card.expiry must not be in the past');
  });

  it.each([
    [card('4242424242424241'), 'card.number is not a valid card number (its check digit is wrong)'],
    [card('42424242424242424'), 'card.number must have 13, 16, 19 digits for a Visa card'],
    [card('378282246310005', '12/30', '123'), 'card.cvc must be 4 digits for a American Express card'],
    [card('4242424242424242', '12/30', '1234'), 'card.cvc must be 3 digits for a Visa card'],
  ])('refuses %j naming the field and the rule', (input, message) => {
    expect(() => checkKeyedCard(input, NOW)).toThrow(message);
  });

  it('never puts the card number in an error', () => {
    try {
      checkKeyedCard(card('4242424242424241'), NOW);
    } catch (error) {
      expect((error as Error).message).not.toContain('4242424242424241');
    }
  });
});

describe('ACH checks', () => {
  it.each([
    ['011000015', true],
    ['021000021', true],
    ['121000358', true],
    ['011000016', false],
    ['12345678', false],
  ])('routing %s valid: %s', (routing, valid) => expect(abaRoutingValid(routing)).toBe(valid));

  it('keeps the account last four and names the bad field', () => {
    expect(
      checkBankAccount({ accountHolder: 'Ada Lovelace', routingNumber: '021000021', accountNumber: '000123456789' }),
    ).toEqual({
      last4: '6789',
    });
    expect(() => checkBankAccount({ accountHolder: 'Ada', routingNumber: '021000022', accountNumber: '1234' })).toThrow(
      'routingNumber is not a valid ABA routing number (its checksum is wrong)',
    );
    expect(() => checkBankAccount({ accountHolder: 'Ada', routingNumber: '021000021', accountNumber: '12' })).toThrow(
      'accountNumber must be 4 to 17 digits',
    );
  });
});
