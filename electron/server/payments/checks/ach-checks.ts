import { invalidInput } from '../../../../shared/errors.js';

/** True when a nine-digit ABA routing number passes its checksum (weights 3, 7, 1). */
export function abaRoutingValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** Bank details the customer types on the paylink page. */
export interface BankAccount {
  accountHolder: string;
  routingNumber: string;
  accountNumber: string;
}

/** Checks bank details; only the account's last four digits are kept. */
export function checkBankAccount(account: BankAccount): { last4: string } {
  if (account.accountHolder.trim().length < 2) throw invalidInput('accountHolder', 'must be the name on the account');
  if (!/^\d{9}$/.test(account.routingNumber)) throw invalidInput('routingNumber', 'must be 9 digits');
  if (!abaRoutingValid(account.routingNumber)) {
    throw invalidInput('routingNumber', 'is not a valid ABA routing number (its checksum is wrong)');
  }
  if (!/^\d{4,17}$/.test(account.accountNumber)) throw invalidInput('accountNumber', 'must be 4 to 17 digits');
  return { last4: account.accountNumber.slice(-4) };
}
