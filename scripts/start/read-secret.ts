import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { ReadStream } from 'node:tty';

/**
 * Asks for a secret (a password) on a terminal without showing it: the terminal is put in raw mode,
 * which turns its echo off, and the keys are read here (Enter ends, Backspace takes back a
 * character, Ctrl-U the whole line, Ctrl-C or Ctrl-D on an empty line cancel). Where the input is
 * not a terminal (a pipe), the answer is its next line, as typed. Readline's internals are not
 * used: how it writes its output changed between Node versions.
 */
export async function readSecret(
  prompt: string,
  input: NodeJS.ReadableStream & Partial<Pick<ReadStream, 'isTTY' | 'isRaw' | 'setRawMode'>> = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  if (!input.isTTY || !input.setRawMode) {
    output.write(prompt);
    return readLine(input);
  }
  const wasRaw = input.isRaw ?? false;
  // Echo off before the prompt shows: keys typed as soon as it shows are never echoed, and Ctrl-C
  // among them is read here rather than signalled.
  input.setRawMode(true);
  output.write(prompt);
  try {
    return await typedKeys(input);
  } finally {
    input.setRawMode(wasRaw);
    input.pause();
    output.write('\n');
  }
}

/** The keys typed until Enter, as one text; rejects when they cancel. */
function typedKeys(input: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.removeListener('data', onData);
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer | string) => {
      const text = chunk.toString();
      if (text.startsWith('\u001b')) return; // an arrow or function key: no part of a password
      for (const key of text) {
        if (key === '\r' || key === '\n') return finish();
        if (key === '\u0003') return finish(new Error('cancelled with Ctrl-C'));
        if (key === '\u0004' && typed === '') return finish(new Error('cancelled with Ctrl-D'));
        if (key === '\u007f' || key === '\b') typed = [...typed].slice(0, -1).join('');
        else if (key === '\u0015') typed = '';
        else if (key >= ' ') typed += key;
      }
    };
    input.on('data', onData);
    input.resume();
  });
}

/** The next line of a stream that is not a terminal ('' at its end). */
async function readLine(input: NodeJS.ReadableStream): Promise<string> {
  const lines = createInterface({ input, terminal: false });
  try {
    const line = once(lines, 'line') as Promise<[string]>;
    const closed = once(lines, 'close').then((): [string] => ['']);
    return (await Promise.race([line, closed]))[0];
  } finally {
    lines.close();
  }
}
