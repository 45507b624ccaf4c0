import { createInterface } from 'node:readline';
import { invalidInput } from '../../../shared/errors.js';
import type { CliIo } from '../cli-io.js';

/** Reads all of standard input (`--password-stdin`, `--api-key-stdin`), without the final newline. */
export async function readStdin(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Asks for a password on the terminal without echoing it. */
function prompt(io: CliIo, question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: io.stdin, output: process.stderr, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    rl.question(question, (answer) => {
      rl.close();
      io.stderr.write('\n');
      resolve(answer);
    });
    // Echo nothing of what is typed after the question.
    output._writeToOutput = () => {};
  });
}

/**
 * A new password (or a PIN: `what` names it) from stdin (`--password-stdin`, `--pin-stdin`) or a
 * no-echo prompt; the service checks its rules.
 */
export async function readPassword(
  io: CliIo,
  fromStdin: boolean,
  what: 'password' | 'pin' = 'password',
): Promise<string> {
  if (fromStdin) return readStdin(io);
  if (io.stdin.isTTY) return prompt(io, what === 'pin' ? 'PIN: ' : 'Password: ');
  throw invalidInput(what, `is required: pass --${what}-stdin and pipe it, or run on a terminal`);
}
