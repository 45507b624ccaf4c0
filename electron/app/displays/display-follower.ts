import type { Screen } from 'electron';

/**
 * Calls `onChange` once after a burst of display events (plugging a screen in sends several
 * added/metrics events within a few milliseconds). Returns the function that stops following.
 */
export function followDisplays(
  screen: Pick<Screen, 'on' | 'removeListener'>,
  onChange: () => void,
  settleMs = 250,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, settleMs);
  };
  screen.on('display-added', changed);
  screen.on('display-removed', changed);
  screen.on('display-metrics-changed', changed);
  return () => {
    clearTimeout(timer);
    screen.removeListener('display-added', changed);
    screen.removeListener('display-removed', changed);
    screen.removeListener('display-metrics-changed', changed);
  };
}
