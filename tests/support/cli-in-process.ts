import { Readable } from 'node:stream';
import { CommanderError } from 'commander';
import type { CliIo } from '../../electron/cli/cli-io.js';
import { servicepayProgram } from '../../electron/cli/program.js';

/** What a run of `servicepay` did: its exit status and what it wrote. */
export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the `servicepay` program in this process, as `servicepay ...args` with `input` piped to its
 * standard input, and answers its exit status and output. The same program as the command (bin/
 * servicepay.mjs runs electron/cli/main.ts, which parses process.argv with it) without a Node process
 * of its own: starting one costs about 0.65 s of CPU before the command does anything, and the
 * suite runs hundreds. tests/integration/cli/bin-entries.test.ts runs the commands as processes.
 * Runs on one SQLite file go one after another: SQLite waits for another writer by blocking its
 * thread, which here is the one the other run needs to finish.
 */
export async function runServicepay(args: readonly string[], input = ''): Promise<CliRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  let status = 0;
  const stdin = Object.assign(Readable.from(input ? [Buffer.from(input)] : []), { isTTY: false });
  const io: CliIo = {
    stdout: { write: (text: string) => stdout.push(text), isTTY: false },
    stderr: { write: (text: string) => stderr.push(text), isTTY: false },
    stdin,
    fail: () => {
      status = 1;
    },
  };
  try {
    await servicepayProgram(io, { exitOverride: true }).parseAsync([...args], { from: 'user' });
  } catch (error) {
    // Commander's own stop (help shown, an unknown option) with its code; any other throw is what
    // the process would have died of: a stack trace and exit code 1.
    if (error instanceof CommanderError) status = error.exitCode;
    else {
      stderr.push(error instanceof Error ? `${error.stack ?? error.message}\n` : `${String(error)}\n`);
      status = 1;
    }
  }
  return { status, stdout: stdout.join(''), stderr: stderr.join('') };
}

/** Runs `servicepay ...args` in this process and answers its output; throws with its messages when it fails. */
export async function servicepayOk(args: readonly string[], input = ''): Promise<string> {
  const run = await runServicepay(args, input);
  if (run.status !== 0) throw new Error(`servicepay ${args.join(' ')} failed:\n${run.stderr}${run.stdout}`);
  return run.stdout;
}
