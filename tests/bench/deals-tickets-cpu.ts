/**
 * What a sale's deals cost the service in CPU time (bench:deals' part 3 and part 1 measured by
 * `process.cpuUsage`, not by the clock): on a shared machine the rates swing twice over between
 * runs while the CPU time a ticket takes moves far less. 3-item tickets in-process, 10 at a time,
 * without and with the bench store's 300 deals in turns, and 20-line quotes with the deals; the
 * median of BENCH_ROUNDS rounds (default 3) of BENCH_TICKETS tickets (default 3,000). No target:
 * it reports. A third way sells with the deals but answers each cart as the engine first did
 * (`replaying`): what a ticket's deals cost beside the engine (the context read, the discounts
 * carried into the rows, the answer and its JSON), so the most that a faster engine could give the
 * tickets' ratio. The carts come from a pool of CART_POOL (the same for every way), so that each is
 * priced once. BENCH_MIX=store sells with a store's deals (random-deals.ts `STORE`: a quarter stack,
 * 1.7 discounts a line) instead of the stress (`STRESS`, 5.9 a line). Run:
 * `node scripts/build-bin.mjs && node --import tsx tests/bench/deals-tickets-cpu.ts`; add `--cpu-prof` to profile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../electron/server/app.js';
import { InventoryRepository } from '../../electron/server/catalog/inventory-repository.js';
import { SYSTEM_ACTOR } from '../../electron/server/core/audit-actor.js';
import { DealsForSale } from '../../electron/server/deals/deals-for-sale.js';
import { DispensaryRepository } from '../../electron/server/dispensaries/dispensary-repository.js';
import type { DealOutcome } from '../../shared/deals/engine.js';
import { NO_DEALS, type SaleDeals } from '../../electron/server/tickets/sale-deals.js';
import { quoteTicket } from '../../electron/server/tickets/ticket-quote.js';
import { TicketService } from '../../electron/server/tickets/ticket-service.js';
import { addDeals, cart, prepare } from './deals-bench-store.js';
import { benchMix } from './random-deals.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 3_000);
const QUOTES = 300;
const { name: MIX, mix } = benchMix();
/** The ways tickets are sold, in the order of even rounds. */
const WAYS = ['without', 'with', 'replayed'] as const;
/** How many different carts the tickets draw from. */
const CART_POOL = 300;

/**
 * The deals as `deals` gives them, but each cart's outcome priced by the engine once and answered
 * again after (keyed by its lines and the minute): its key costs a few µs a ticket, so the ceiling
 * it shows is a little low. The outcome is shared: nothing after the engine writes into it.
 */
function replaying(deals: SaleDeals): SaleDeals {
  const answers = new Map<string, DealOutcome>();
  return {
    async forSale(q, sale) {
      const pricing = await deals.forSale(q, sale);
      if (!pricing) return pricing;
      const { book } = pricing;
      const apply: typeof book.apply = (lines, context) => {
        const key = JSON.stringify([context.minute, lines]);
        let answer = answers.get(key);
        if (!answer) answers.set(key, (answer = book.apply(lines, context)));
        return answer;
      };
      return { ...pricing, book: { apply } };
    },
  };
}

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
  await addDeals(db, dispensary.id, ids, 0.02, mix);
  const deals = new DealsForSale(db);
  const inventory = new InventoryRepository(db);
  const actor = { id: 'bench', apiClientId: 'spc_demo', who: SYSTEM_ACTOR };
  const carts = Array.from({ length: CART_POOL }, () => cart(ids, 3));
  let drawn = 0;
  const nextCart = () => carts[(drawn += 7) % CART_POOL]!;
  const replayed = replaying(deals);

  /** CPU µs per 3-item ticket with `with_`, TICKETS of them 10 at a time (after 100 unmeasured). */
  const perTicket = async (with_: SaleDeals) => {
    const service = new TicketService(app.ctx, app.changes.orders, {}, undefined, undefined, { deals: with_ });
    for (let i = 0; i < 100; i += 1) await service.create(dispensary, nextCart(), actor);
    let made = 0;
    const used = await cpu(async () => {
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          for (; made < TICKETS; made += 1) await service.create(dispensary, nextCart(), actor);
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
  const ways = { without: NO_DEALS, with: deals, replayed } as const;
  const rounds = { without: [] as number[], with: [] as number[], replayed: [] as number[], quote: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    // In turns, and in the other order every other round: the machine's speed drifts within minutes.
    for (const way of round % 2 === 0 ? WAYS : [...WAYS].reverse()) rounds[way].push(await perTicket(ways[way]));
    rounds.quote.push(await perQuote());
  }
  await app.close();
  const said = (values: number[]) =>
    `${values.map((v) => v.toFixed(0)).join(' / ')} (median ${median(values).toFixed(0)})`;
  const ratio = (values: number[]) => `${((100 * median(rounds.without)) / median(values)).toFixed(0)} %`;
  console.log(`the 300 deals: the ${MIX} mix (BENCH_MIX)`);
  console.log(`CPU µs per 3-item ticket: without deals ${said(rounds.without)}; with 300 ${said(rounds.with)}`);
  console.log(`tickets with deals at ${ratio(rounds.with)} of the rate without (by CPU)`);
  console.log(
    `with the engine's answers replayed ${said(rounds.replayed)}: ${ratio(rounds.replayed)} ` +
      '(the most a faster engine could give)',
  );
  console.log(`CPU µs per 20-line quote with the deals: ${said(rounds.quote)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
