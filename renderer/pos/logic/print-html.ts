/** Pieces of the HTML printed on 80 mm paper (receipts, X and Z reports). Everything shown is escaped. */

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A label and its amount on one line; `strong` rules it off in bold (totals). */
export const printRow = (label: string, amount: string, strong = false) =>
  `<tr${strong ? ' class="strong"' : ''}><td>${escapeHtml(label)}</td><td class="amount">${escapeHtml(amount)}</td></tr>`;
