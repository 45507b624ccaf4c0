/** The first name and last initial a pickup queue or bag label calls a customer by: "Ada L.". */
export function shortName(first: string | null, last: string | null): string | null {
  const given = first?.trim() ?? '';
  const initial = last?.trim().charAt(0).toUpperCase() ?? '';
  if (!given && !initial) return null;
  return initial ? `${given} ${initial}.`.trim() : given;
}
