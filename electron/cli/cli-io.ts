import type { Command } from 'commander';

/** Text written by the CLI: a terminal, a pipe, or a buffer. */
export interface TextOut {
  write(text: string): unknown;
  /** True on a terminal (a progress bar is drawn only there). */
  readonly isTTY?: boolean;
}

/**
 * Where one run of the `servicepay` program reads and writes, and how it says it failed: the
 * process's own streams and exit code (processIo), or another caller's (a test runs the program in
 * its own process, as tests/support/cli-in-process.ts does, and reads what it wrote).
 */
export interface CliIo {
  readonly stdout: TextOut;
  readonly stderr: TextOut;
  /** Standard input: a piped secret (`--password-stdin`), or the terminal a prompt reads. */
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  /** Marks the run as failed (exit code 1) and lets it finish what it prints. */
  fail(): void;
}

/** The process's streams and exit code: what `servicepay` uses when run as a command. */
export const processIo: CliIo = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  fail: () => {
    process.exitCode = 1;
  },
};

const ioOfProgram = new WeakMap<Command, CliIo>();

/** Gives `program` and every command added to it afterwards this IO, commander's own messages included. */
export function useIo(program: Command, io: CliIo): Command {
  ioOfProgram.set(program, io);
  return program.configureOutput({
    writeOut: (text) => io.stdout.write(text),
    writeErr: (text) => io.stderr.write(text),
  });
}

/** The IO of the program `command` belongs to (the process's when none was given). */
export function ioOf(command: Command): CliIo {
  let root = command;
  while (root.parent) root = root.parent;
  return ioOfProgram.get(root) ?? processIo;
}
