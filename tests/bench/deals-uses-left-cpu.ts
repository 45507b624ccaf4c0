/**
 * What counting a deal's uses costs a sale as the store's orders grow (issue 31; migration 050):
 * the service bench's store (400 products, 300 deals) with a total limit on 5 of its deals, CPU
 * time of `DealsForSale.forSale` (the mean of 100 after 20 unmeasured) once the store
 * has 300, 1,000 and ORDERS (default 3,000) 3-item sales. No target: it reports. Run:
 * `node scripts/build-bin.mjs && node --import tsx tests/bench/deals-uses-left-cpu.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../electron/server/app.js';
import { SYSTEM_ACTOR } from '../../electron/server/core/audit-actor.js';
import { DealsForSale } from '../../electron/server/deals/deals-for-sale.js';
import { DispensaryRepository } from '../../electron/server/dispensaries/dispensary-repository.js';
import { TicketService } from '../../electron/server/tickets/ticket-service.js';
import { addDeals, cart, prepare } from './deals-bench-store.js';

const ORDERS = Number(process.env.ORDERS ?? 3000);
const dir = mkdtempSync(join(tmpdir(), 'servicepay-usesleft-'));
const dataDir = join(dir, 'data');
const ids = prepare(['--data', dataDir], dir);
const app = await buildApp({ dataDir, logLevel: 'silent' });
const { db } = app.ctx;
const dispensary = (await new DispensaryRepository(db).findByShortName('demo'))!;
await addDeals(db, dispensary.id, ids, 0.02);
// Limits set before any sale (none to count yet); high, so that every sale may still use them.
const limited = (await db.all(db.builder.selectFrom('deals').select('id').orderBy('id').limit(5))).map((d) => d.id);
await db.write((tx) =>
  tx.run(db.builder.updateTable('deals').set({ total_limit: 1_000_000 }).where('id', 'in', limited)),
);
const deals = new DealsForSale(db);
const service = new TicketService(app.ctx, app.changes.orders, {}, undefined, undefined, { deals });
const actor = { id: 'bench', apiClientId: 'spc_demo', who: SYSTEM_ACTOR };
const sale = { dispensary, customerId: null, promoCodes: [], chosenDeals: [], now: new Date() };
/** CPU µs per `forSale`, over `n` of them. */
const cpu = async (n: number) => {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i += 1) await deals.forSale(db, sale);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
};
let made = 0;
for (const upTo of [300, 1000, ORDERS]) {
  for (; made < upTo; made += 1) await service.create(dispensary, cart(ids, 3), actor);
  await cpu(20);
  console.log(`${made} orders: forSale ${(await cpu(100)).toFixed(0)} µs CPU (5 deals with a limit)`);
}
await app.close();
rmSync(dir, { recursive: true, force: true });
