import { spawn } from 'node:child_process';
import { setTimeout as wait } from 'node:timers/promises';
import pg from 'pg';

const EVERY_MS = 2000;

/** `npm run bench:tickets`'s figure lines, run on a new database `name` of the cluster at `baseUrl`. */
async function ticketsOn(baseUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/tickets-bench.ts'], {
    env: {
      ...process.env,
      SERVICEPAY_BENCH_DATABASE_URL: url.toString(),
      BENCH_DURATION: process.env.BENCH_DURATION ?? '5',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  return out
    .split('\n')
    .filter((line) => /^(sqlite|postgres)/.test(line))
    .join('\n');
}

/** The PostgreSQL HTTP rate of bench:tickets' figure lines. */
function httpRate(lines: string): number {
  const match = /^postgres .*\| HTTP\s+(\d+) tickets\/s/m.exec(lines);
  if (!match) throw new Error(`bench:tickets printed no PostgreSQL rate:\n${lines}`);
  return Number(match[1]);
}

/**
 * bench:tickets on the main cluster alone, then again with `readReport` started every 2 s (the next
 * as soon as one ends when it takes longer): both runs' lines and the PostgreSQL HTTP rate kept.
 */
export async function ticketsWithReports(baseUrl: string, readReport: () => Promise<Response>) {
  const alone = await ticketsOn(baseUrl, 'bench_tickets_alone');
  let running = true;
  let reports = 0;
  const reading = (async () => {
    while (running) {
      const started = performance.now();
      const response = await readReport();
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`the report every 2 s failed: ${response.status}`);
      reports += 1;
      await wait(Math.max(0, EVERY_MS - (performance.now() - started)));
    }
  })();
  const beside = await ticketsOn(baseUrl, 'bench_tickets_beside');
  running = false;
  await reading;
  const ratio = httpRate(beside) / httpRate(alone);
  console.log(`bench:tickets on the main database alone:\n${alone}`);
  console.log(`bench:tickets with the chain's quarter by category every 2 s (${reports} reports read):\n${beside}`);
  console.log(
    `  ${ratio >= 0.9 ? 'met   ' : 'MISSED'} PostgreSQL over HTTP: ${(ratio * 100).toFixed(0)} % of its rate alone (target 90 %)`,
  );
  return { alone, beside, ratio };
}
