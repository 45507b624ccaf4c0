/**
 * The deals engine's cost as machine instructions an `apply` (issue 31): counted by Valgrind, so a
 * change to the engine can be weighed on a shared, loaded machine, where CPU time moves ±15 % from
 * run to run and hides a 5 % change. A child process prices the service bench's 3-line carts (300
 * stress deals over 400 products, 2 % on every product, as deals-engine-compare.ts) ROUNDS times,
 * once with few rounds and once with more, each under `valgrind --tool=cachegrind`; the difference
 * over the applies between them is what an apply costs once warm (start-up, compiling and the
 * first rounds' optimizing cancel out). V8 runs single-threaded with fixed seeds, so two runs of
 * one tree agree to ~2 %. No target: it reports.
 * Run: `apt-get install -y valgrind`, then `node --import tsx tests/bench/deals-engine-instructions.ts`
 * (~2 minutes; BENCH_CARTS carts, default 1,000).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compileDeals } from '../../shared/deals/engine.js';
import { BENCH_CONTEXT, benchCarts, benchDeals } from './engine-bench-carts.js';

const CARTS = Number(process.env.BENCH_CARTS ?? 1_000);
const [FEW, MANY] = [5, 15];
/** Flags that make V8's work the same from run to run: no background threads, fixed seeds. */
const STEADY = ['--single-threaded', '--hash-seed=1', '--random-seed=1', '--predictable'];

/** In the child: prices the carts `rounds` times. */
function price(rounds: number): void {
  const book = compileDeals(benchDeals());
  const carts = benchCarts(3, CARTS);
  for (let round = 0; round < rounds; round += 1) for (const cart of carts) book.apply(cart, BENCH_CONTEXT);
}

/** Instructions of a child pricing the carts `rounds` times, as cachegrind counts them. */
function instructions(rounds: number): number {
  const script = fileURLToPath(import.meta.url);
  const args = ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath];
  // Valgrind writes its count to stderr.
  const { stderr: output, status } = spawnSync('valgrind', [...args, ...STEADY, '--import', 'tsx', script], {
    env: { ...process.env, DEALS_PRICE_ROUNDS: String(rounds) },
    encoding: 'utf8',
  });
  const count = status === 0 ? /I\s+refs:\s+([\d,]+)/.exec(output)?.[1] : undefined;
  if (!count) throw new Error(`valgrind printed no instruction count:\n${output}`);
  return Number(count.replaceAll(',', ''));
}

if (process.env.DEALS_PRICE_ROUNDS) price(Number(process.env.DEALS_PRICE_ROUNDS));
else {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('valgrind is not installed: apt-get install -y valgrind');
  }
  const [few, many] = [instructions(FEW), instructions(MANY)];
  const perApply = (many - few) / ((MANY - FEW) * CARTS);
  console.log(
    `deals engine, 3-line carts, 300 deals: ${Math.round(perApply).toLocaleString('en-US')} instructions an apply`,
  );
}
