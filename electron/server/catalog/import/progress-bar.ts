import type { ImportPhase, ImportProgress } from './import-types.js';

const WIDTH = 30;
const LABEL: Record<ImportPhase, string> = { reading: 'Validating', writing: 'Importing ' };

/**
 * A one-line progress bar for a terminal (redrawn with \r, at most ~20 times a second).
 * `finish` clears the line so the summary prints cleanly.
 */
export function terminalProgressBar(stream: { write(text: string): unknown }): {
  update: ImportProgress;
  finish: () => void;
} {
  let lastDraw = 0;
  let drawn = false;
  const update: ImportProgress = (done, total, phase) => {
    const now = Date.now();
    if (done < total && now - lastDraw < 50) return;
    lastDraw = now;
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(ratio * WIDTH);
    const amount =
      phase === 'reading' ? `${(done / 1e6).toFixed(1)}/${(total / 1e6).toFixed(1)} MB` : `${done}/${total} rows`;
    stream.write(
      `\r${LABEL[phase]} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${amount}\x1b[K`,
    );
    drawn = true;
  };
  const finish = () => {
    if (drawn) stream.write('\r\x1b[K');
  };
  return { update, finish };
}
