#!/usr/bin/env node
// `node scripts/run-parallel.mjs typecheck lint:code …`: runs npm scripts at the same time and fails
// when any of them fails. `npm test` runs its static checks this way: tsc, vue-tsc and ESLint each
// keep one core busy, so on a 2-core machine two of them take about as long as the longer one
// alone; Prettier's check and the layers check run beside them rather than after ESLint (the lint
// lane was the longer by 50 s).
// Each script's output is printed whole when it ends (never interleaved), with how long it took.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs SCRIPT...');
  process.exit(2);
}

/** Runs `npm run SCRIPT`, collecting its stdout and stderr together; answers its exit code. */
function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const status = code ?? 1;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(Buffer.concat(output));
      console.log(`${script}: ${status === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
      resolve(status);
    });
  });
}

const codes = await Promise.all(scripts.map(run));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
