/**
 * What a sale's deals cost the service in CPU time (bench:deals' part 3 and part 1 measured by
 * `process.cpuUsage`, not by the clock): on a shared machine the rates swing twice over between
 * runs while the CPU time a ticket takes moves far less. 3-item tickets in-process, 10 at a time,
 * without and with the bench store's 300 deals in turns, and 20-line quotes with the deals; the
 * median of BENCH_ROUNDS rounds (default 3) of BENCH_TICKETS tickets (default 3,000). No target:
 * it reports. Run: `node scripts/build-bin.mjs && node --import tsx tests/bench/deals-tickets-cpu.ts`;
 * add `--cpu-prof` to profile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../electron/server/app.js';
import { InventoryRepository } from '../../electron/server/catalog/inventory-repository.js';
import { SYSTEM_ACTOR } from '../../electron/server/core/audit-actor.js';
import { DealsForSale } from '../../electron/server/deals/deals-for-sale.js';
import { DispensaryRepository } from '../../electron/server/dispensaries/dispensary-repository.js';
import { NO_DEALS, type SaleDeals } from '../../electron/server/tickets/sale-deals.js';
import { quoteTicket } from '../../electron/server/tickets/ticket-quote.js';
import { TicketService } from '../../electron/server/tickets/ticket-service.js';
import { addDeals, cart, prepare } from './deals-bench-store.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 3_000);
const QUOTES = 300;

/** CPU microseconds of `work`. */
async function cpu(work: () => Promise<void>): Promise<number> {
  const start = process.cpuUsage();
  await work();
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), 'servicepay-deals-cpu-'));
const dataDir = join(dir, 'data');
try {
  const ids = prepare(['--data', dataDir], dir);
  const app = await buildApp({ dataDir, logLevel: 'silent' });
  const { db } = app.ctx;
  const dispensary = (await new DispensaryRepository(db).findByShortName('demo'))!;
  await addDeals(db, dispensary.id, ids, 0.02);
  const deals = new DealsForSale(db);
  const inventory = new InventoryRepository(db);
  const actor = { id: 'bench', apiClientId: 'spc_demo', who: SYSTEM_ACTOR };

  /** CPU µs per 3-item ticket with `with_`, TICKETS of them 10 at a time (after 100 unmeasured). */
  const perTicket = async (with_: SaleDeals) => {
    const service = new TicketService(app.ctx, app.changes.orders, {}, undefined, undefined, { deals: with_ });
    for (let i = 0; i < 100; i += 1) await service.create(dispensary, cart(ids, 3), actor);
    let made = 0;
    const used = await cpu(async () => {
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          for (; made < TICKETS; made += 1) await service.create(dispensary, cart(ids, 3), actor);
        }),
      );
    });
    return used / made;
  };
  const perQuote = async () =>
    (await cpu(async () => {
      for (let i = 0; i < QUOTES; i += 1) {
        await quoteTicket(db, inventory, dispensary, cart(ids, 20), new Date(), { deals });
      }
    })) / QUOTES;

  await perQuote();
  const rounds = { without: [] as number[], with: [] as number[], quote: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    rounds.without.push(await perTicket(NO_DEALS));
    rounds.with.push(await perTicket(deals));
    rounds.quote.push(await perQuote());
  }
  await app.close();
  const said = (values: number[]) =>
    `${values.map((v) => v.toFixed(0)).join(' / ')} (median ${median(values).toFixed(0)})`;
  console.log(`CPU µs per 3-item ticket: without deals ${said(rounds.without)}; with 300 ${said(rounds.with)}`);
  console.log(
    `tickets with deals at ${((100 * median(rounds.without)) / median(rounds.with)).toFixed(0)} % of the rate without (by CPU)`,
  );
  console.log(`CPU µs per 20-line quote with the deals: ${said(rounds.quote)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
