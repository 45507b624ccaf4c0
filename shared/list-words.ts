/**
 * Words in a list, as a sentence says them: "A", "A and B", "A, B and C" (no comma before the last);
 * `last` joins the last two ("A, B or C"). '' for none.
 */
export function listed(words: readonly string[], last = 'and'): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`;
}
