#!/usr/bin/env node
// `node scripts/run-parallel.mjs [--live SCRIPT] LANE...`: runs npm scripts side by side and fails
// when any of them fails. A lane is one script, or several joined by `+` that run one after another
// (each runs even if the one before failed: a typecheck error does not hide a lint error).
//
// `npm test` runs the tests (`--live test:unit`, whose output streams as it comes) beside one lane
// of static checks and the build (typecheck+lint:code+…+build+check:electron). On the 2-core machine vitest keeps the cores about 85 %
// busy (its workers wait on PostgreSQL, child processes and ports): the checks fill that slack, like
// the one busy core of a stressed run, instead of taking a phase of their own before the tests.
// A buffered script's output is printed whole after the live lane's (never in the middle of it);
// a line says at once when each ended and how.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const liveAt = args.indexOf('--live');
const live = liveAt >= 0 ? args[liveAt + 1] : undefined;
const lanes = args.filter((_, i) => liveAt < 0 || (i !== liveAt && i !== liveAt + 1)).map((lane) => lane.split('+'));
if ((liveAt >= 0 && !live) || (lanes.length === 0 && !live)) {
  console.error('usage: node scripts/run-parallel.mjs [--live SCRIPT] SCRIPT[+SCRIPT...]...');
  process.exit(2);
}

const held = [];
let liveRunning = live !== undefined;

/** Prints a finished buffered script's output now, or after the live lane when it still runs. */
function show(output) {
  if (liveRunning) held.push(output);
  else process.stdout.write(output);
}

/** Runs `npm run SCRIPT`; answers its exit code. Its output streams when `streamed`, else is kept. */
function run(script, streamed) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], {
      stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const status = code ?? 1;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const line = `${script}: ${status === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`;
      if (streamed) process.stdout.write(`\n${line}\n`);
      else {
        if (liveRunning) process.stdout.write(`\n${line}${status === 0 ? '' : '(its output follows the tests)\n'}`);
        show(Buffer.concat([...output, Buffer.from(`${line}\n`)]));
      }
      resolve(status);
    });
  });
}

async function runLane(scripts) {
  const codes = [];
  for (const script of scripts) codes.push(await run(script, false));
  return codes;
}

const liveLane = live
  ? run(live, true).then((code) => {
      liveRunning = false;
      for (const output of held.splice(0)) process.stdout.write(output);
      return [code];
    })
  : Promise.resolve([]);
const codes = (await Promise.all([liveLane, ...lanes.map(runLane)])).flat();
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
