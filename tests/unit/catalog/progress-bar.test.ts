import { describe, expect, it } from 'vitest';
import { terminalProgressBar } from '../../../electron/server/catalog/import/progress-bar.js';

function fakeTerminal() {
  const writes: string[] = [];
  return { writes, stream: { write: (text: string) => writes.push(text) } as unknown as NodeJS.WriteStream };
}

describe('terminalProgressBar', () => {
  it('draws bytes while validating and rows while importing, on one line, then clears it', () => {
    const { writes, stream } = fakeTerminal();
    const bar = terminalProgressBar(stream);
    bar.update(5_000_000, 10_000_000, 'reading');
    bar.update(10_000, 10_000, 'writing');
    bar.finish();
    expect(writes[0]).toMatch(/^\rValidating \[#{15}\.{15}\] {2}50% 5\.0\/10\.0 MB/);
    expect(writes[1]).toMatch(/^\rImporting {2}\[#{30}\] 100% 10000\/10000 rows/);
    expect(writes[2]).toBe('\r\x1b[K');
  });

  it('skips redraws that come faster than 20 a second, but never the last one', () => {
    const { writes, stream } = fakeTerminal();
    const bar = terminalProgressBar(stream);
    for (let done = 1; done <= 1000; done += 1) bar.update(done, 1000, 'writing');
    expect(writes.length).toBeLessThan(10);
    expect(writes.at(-1)).toContain('1000/1000 rows');
  });

  it('writes nothing on finish when it never drew', () => {
    const { writes, stream } = fakeTerminal();
    terminalProgressBar(stream).finish();
    expect(writes).toEqual([]);
  });
});
