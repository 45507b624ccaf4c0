// Starts that race for a data folder whose holder died (folder-hold.ts): several processes, let go
// at the same instant, each find the dead service's hold file and each would take it over. Exactly
// one may: the others refuse in the words a start on a folder a live service holds refuses with.
// Real processes on a real folder, no mock of the file system; the test lets them go together by
// writing to all their standard inputs at once (each waits on its own), a barrier no sleep stands in.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { HOLD_FILE } from '../../../electron/server/db/sqlite/folder-hold.js';
import { scratchFolder } from '../../support/scratch-folder.js';

const STARTS = 6;
const ROUNDS = 30;
const root = scratchFolder('servicepay-hold-race-');

type Answer = { ready?: number; held?: true; refused?: string; released?: true };

/** One racing start (tests/fixtures/folder-hold-racer.ts) and its answers, read one at a time. */
interface Racer {
  child: ChildProcessWithoutNullStreams;
  answer(): Promise<Answer>;
  send(order: object): void;
}

function racer(): Racer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/folder-hold-racer.ts']);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return {
    child,
    async answer() {
      const line = await lines.next();
      if (line.done) throw new Error(`a racing start ended: ${stderr}`);
      return JSON.parse(line.value) as Answer;
    },
    send: (order) => child.stdin.write(`${JSON.stringify(order)}\n`),
  };
}

const racers = Array.from({ length: STARTS }, racer);
afterAll(() => racers.forEach(({ child }) => child.stdin.end()));

/** A process id no process has now: a program that ran and ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

const refusal = (dataDir: string, pid: number) =>
  `${dataDir} is already served by another ServicePay (process ${pid}): stop it first, or give another --data`;

describe('starts racing for a folder whose service died', { timeout: 120_000 }, () => {
  it('lets exactly one take it over; the others refuse in words, naming it', async () => {
    const ready = await Promise.all(racers.map((one) => one.answer()));
    expect(ready.map((answer) => answer.ready)).toEqual(racers.map(({ child }) => child.pid));
    for (let round = 1; round <= ROUNDS; round += 1) {
      const dataDir = join(root, `register-${round}`);
      mkdirSync(dataDir);
      const dead = deadPid();
      writeFileSync(join(dataDir, HOLD_FILE), `${JSON.stringify({ pid: dead, boot: null, since: 'x' })}\n`);
      // The barrier: every start waits on its standard input; one write each lets them all go.
      for (const one of racers) one.send({ hold: dataDir });
      const answers = await Promise.all(racers.map((one) => one.answer()));
      const winners = racers.filter((_, at) => answers[at]!.held === true).map(({ child }) => child.pid!);
      expect({ round, winners: winners.length }).toEqual({ round, winners: 1 });
      const winner = winners[0]!;
      expect(answers.filter((answer) => answer.refused !== undefined)).toEqual(
        Array.from({ length: STARTS - 1 }, () => ({ refused: refusal(dataDir, winner) })),
      );
      expect(JSON.parse(readFileSync(join(dataDir, HOLD_FILE), 'utf8'))).toMatchObject({ pid: winner });
      // Nothing of the takeover is left beside the hold file.
      expect(readdirSync(dataDir)).toEqual([HOLD_FILE]);
      for (const one of racers) one.send({ release: true });
      await Promise.all(racers.map((one) => one.answer()));
      expect(readdirSync(dataDir)).toEqual([]);
    }
  });
});
