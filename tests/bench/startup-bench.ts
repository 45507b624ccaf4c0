/**
 * What a start of the bundled commands costs (out/bin, scripts/build-bin.mjs): the tests spawn
 * hundreds of them. BENCH_STARTS (default 10) cold starts each of `serve` on a migrated demo folder
 * (to its first answered `GET /health`, then SIGTERM until it exited) and of three common
 * `servicepay` commands on the same folder; the median CPU time (user + system, every thread, from
 * /proc) and wall time of each. CPU time, not the clock: on this shared machine the wall times swing
 * with the load while a start's CPU moves far less.
 *
 * BENCH_BINS: a comma list of bundle folders (default out/bin), started in turns, so that a folder
 * built from other sources or options (`buildBin({ outdir })`) is compared with the same load; each
 * one's figures are also given against the first's. Target: `serve` ≤ 1,000 ms and each command
 * ≤ 500 ms of CPU a start (the last folder given); exits non-zero when one is missed.
 * Run: `npm run bench:startup`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../support/service-process.js';
import { processCpuMs } from './process-cpu.js';

const STARTS = Number(process.env.BENCH_STARTS ?? 10);
const BINS = (process.env.BENCH_BINS ?? 'out/bin').split(',').map((dir) => resolve(dir.trim()));
const TARGET_CPU_MS = { serve: 1000, command: 500 };

/** The commands measured besides `serve`: what the integration tests run most. */
const COMMANDS: Record<string, string[]> = {
  'dispensaries list': ['dispensaries', 'list'],
  'products list': ['--json', 'products', 'list', '--dispensary', 'demo'],
  'users list': ['users', 'list', '--dispensary', 'demo'],
};

/** Clock ticks a second of /proc's CPU times (Linux's USER_HZ, 100 everywhere this runs). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time (ms) of this process's children that have ended and been waited for (cutime +
 * cstime of /proc/self/stat): Node waits for each child as it exits, so the difference across one
 * child's life is all it used, to its last instruction, which /proc/PID/stat cannot say once it is gone.
 */
function endedChildrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
}

interface Start {
  /** CPU ms from spawn to exit. */
  cpu: number;
  /** Wall ms from spawn to the first answer (`serve`) or to exit (a command). */
  wall: number;
  /** `serve` only: CPU ms from spawn to its first answered /health. */
  readyCpu?: number;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Waits until `serve` (`child`) answers `GET /health` on `port` (asked every 10 ms). */
async function answered(child: ChildProcess, port: number): Promise<void> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serve stopped with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (performance.now() > deadline) throw new Error('serve did not answer');
    await sleep(10);
  }
}

/** Starts `serve` of `bin` with `args`; answers once it answered /health, with its stop (SIGTERM, to its exit). */
async function serve(bin: string, args: string[]): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(bin, 'serve.mjs'), ...args, '--port', String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  await answered(child, port);
  const stop = async () => {
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) throw new Error(`serve of ${bin} stopped with ${code}`);
  };
  return { child, stop };
}

/** A start of `serve` of `bin` on `dataDir`, to its first answer and then to its exit. */
async function startServe(bin: string, dataDir: string): Promise<Start> {
  const before = endedChildrenCpuMs();
  const started = performance.now();
  const service = await serve(bin, ['--data', dataDir]);
  const wall = performance.now() - started;
  const readyCpu = processCpuMs(service.child.pid!);
  await service.stop();
  return { cpu: endedChildrenCpuMs() - before, wall, readyCpu };
}

/** Runs `servicepay` of `bin` with `args` on `dataDir` until it exits. */
async function runCommand(bin: string, dataDir: string, args: string[]): Promise<Start> {
  const before = endedChildrenCpuMs();
  const started = performance.now();
  const child = spawn(process.execPath, [join(bin, 'servicepay.mjs'), '--data', dataDir, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', (exitCode) => done(exitCode)));
  if (code !== 0) throw new Error(`servicepay ${args.join(' ')} of ${bin} failed:\n${stderr}`);
  return { cpu: endedChildrenCpuMs() - before, wall: performance.now() - started };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

for (const bin of BINS) {
  for (const file of ['serve.mjs', 'servicepay.mjs']) {
    if (!existsSync(join(bin, file))) throw new Error(`no ${file} in ${bin}: build it (node scripts/build-bin.mjs)`);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'servicepay-startup-'));
const demo = join(dir, 'demo');
try {
  // The demo folder, migrated and loaded once; every start then copies it, so each finds the same.
  await (await serve(BINS[0]!, ['--data', demo, '--demo'])).stop();

  const names = ['serve', ...Object.keys(COMMANDS)];
  const results = new Map(BINS.map((bin) => [bin, new Map(names.map((name) => [name, [] as Start[]]))]));
  const dataDir = join(dir, 'data');
  // One start of each unmeasured (the files into the page cache, the backup made at a first start), then STARTS in turns.
  for (let round = -1; round < STARTS; round += 1) {
    for (const bin of BINS) {
      rmSync(dataDir, { recursive: true, force: true });
      cpSync(demo, dataDir, { recursive: true });
      const starts = [await startServe(bin, dataDir)];
      for (const args of Object.values(COMMANDS)) starts.push(await runCommand(bin, dataDir, args));
      if (round >= 0) names.forEach((name, i) => results.get(bin)!.get(name)!.push(starts[i]!));
    }
  }

  const [load1] = readFileSync('/proc/loadavg', 'utf8').split(' ');
  console.log(`startup-bench: ${STARTS} starts each, medians (load ${load1})`);
  const first = results.get(BINS[0]!)!;
  let missed = false;
  for (const bin of BINS) {
    console.log(`\n${bin}`);
    for (const name of names) {
      const starts = results.get(bin)!.get(name)!;
      const cpu = median(starts.map((start) => start.cpu));
      const versus =
        bin === BINS[0] ? '' : `  (${(100 * (cpu / median(first.get(name)!.map((s) => s.cpu)) - 1)).toFixed(0)} %)`;
      const ready =
        name === 'serve' ? `, to /health ${median(starts.map((start) => start.readyCpu!)).toFixed(0)} ms` : '';
      console.log(
        `  ${name.padEnd(18)} CPU ${cpu.toFixed(0).padStart(5)} ms${ready}${versus}; wall ${median(starts.map((start) => start.wall)).toFixed(0)} ms`,
      );
      const target = name === 'serve' ? TARGET_CPU_MS.serve : TARGET_CPU_MS.command;
      if (bin === BINS.at(-1) && cpu > target) {
        console.log(`    missed: ≤ ${target} ms of CPU a start`);
        missed = true;
      }
    }
  }
  process.exitCode = missed ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
