import type { Command } from 'commander';
import { invalidInput } from '../../../shared/errors.js';
import { DEMO } from '../../server/demo/demo-catalog.js';
import { action } from '../cli-context.js';

const whole = (option: string, text: string, max: number) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw invalidInput(option, `must be a whole number from 1 to ${max}`);
  return value;
};

/**
 * `servicepay demo sales [--days 30] [--per-day 20]`: days of demo sales ending yesterday at the
 * demo store, made through the service (tickets and cash payments at their times), for the reports.
 */
export function registerDemoSalesCommand(demo: Command): void {
  demo
    .command('sales')
    .description('Make days of demo sales ending yesterday at the demo store (tickets paid in cash), for the reports')
    .option('--days <n>', 'how many days (1 to 92)', '30')
    .option('--per-day <n>', 'sales a day (1 to 200)', '12')
    .action(
      action(async (cli, options: { days: string; perDay: string }) => {
        const days = whole('--days', options.days, 92);
        const perDay = whole('--per-day', options.perDay, 200);
        const store = await cli.db.first(
          cli.db.builder.selectFrom('dispensaries').select('timezone').where('id', '=', DEMO.dispensaryId),
        );
        if (!store) throw invalidInput('demo', 'is not loaded: run servicepay demo load first');
        const products = await cli.db.all(
          cli.db.builder
            .selectFrom('products as p')
            .innerJoin('packages as k', 'k.product_id', 'p.id')
            .select('p.id')
            .where('p.dispensary_id', '=', DEMO.dispensaryId)
            .where('p.deli', '=', 0)
            .where('k.on_hand_milli', '>=', 20_000)
            .orderBy('p.id'),
        );
        // The whole service, loaded for this command only: every other command starts without it.
        const [{ buildApp }, { makeDemoSales }] = await Promise.all([
          import('../../server/app.js'),
          import('../../server/demo/demo-sales.js'),
        ]);
        const clock = { now: new Date() };
        const app = await buildApp({
          logLevel: 'silent',
          dataDir: cli.dataDir,
          ...(cli.database ? { database: cli.database } : {}),
          now: () => clock.now,
        });
        try {
          const made = await makeDemoSales(app, clock, {
            days,
            perDay,
            productIds: [...new Set(products.map((product) => product.id))],
            timeZone: store.timezone,
          });
          cli.print(
            made,
            `Made ${made.sales} demo sales from ${made.from} to ${made.to}` +
              (made.skipped > 0 ? ` (${made.skipped} left out: a product ran out).` : '.'),
          );
        } finally {
          await app.close();
        }
      }),
    );
}
