/** True when a nine-digit ABA routing number passes its checksum (weights 3, 7, 1). */
export function abaValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(routing[index]), 0);
  return sum % 10 === 0;
}

export function holderError(holder: string): string | null {
  return holder.trim().length >= 2 ? null : 'Enter the name on the account.';
}

export function routingError(routing: string): string | null {
  const digits = routing.trim();
  if (!/^\d{9}$/.test(digits)) return 'The routing number has 9 digits.';
  return abaValid(digits) ? null : 'This routing number is not valid. Check the digits on your check.';
}

export function accountError(account: string): string | null {
  return /^\d{4,17}$/.test(account.trim()) ? null : 'The account number has 4 to 17 digits.';
}
