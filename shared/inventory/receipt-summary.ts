import type { ReceiptView } from '../contracts/receiving.js';

/**
 * A received delivery in one sentence, as the back office's summary and the CLI say it. Parts that
 * are 0 are left out: "Received manifest 0007712345 into Vault: 2 packages accepted." alone, or
 * "Received manifest 0004512873 into Quarantine: 2 accepted, 1 refused, 1 short." with the others.
 */
export function receiptSummary(
  receipt: Pick<ReceiptView, 'manifestNumber' | 'room' | 'accepted' | 'refused' | 'short'>,
): string {
  const others = [
    ...(receipt.refused > 0 ? [`${receipt.refused} refused`] : []),
    ...(receipt.short > 0 ? [`${receipt.short} short`] : []),
  ];
  const accepted =
    others.length > 0
      ? `${receipt.accepted} accepted`
      : `${receipt.accepted} package${receipt.accepted === 1 ? '' : 's'} accepted`;
  return `Received manifest ${receipt.manifestNumber} into ${receipt.room}: ${[accepted, ...others].join(', ')}.`;
}
