import type { Command } from 'commander';
import { auditWhat, auditWhere, auditWho, auditWhy } from '../../../shared/audit-words.js';
import { invalidInput } from '../../../shared/errors.js';
import { formatMoney } from '../../../shared/money.js';
import { storeTime, zoneName } from '../../../shared/store-time.js';
import { AuditRepository } from '../../server/core/audit-repository.js';
import { auditDay } from '../../server/audit/audit-trail.js';
import { DispensaryRepository } from '../../server/dispensaries/dispensary-repository.js';
import { action, plainSpaces, table } from '../cli-context.js';

/** "3:37 PM PST": a time of the store's day, its zone named. */
const timeOfDay = (at: string, timeZone: string) => plainSpaces(`${storeTime(at, timeZone)} ${zoneName(timeZone, at)}`);

/** The day asked for as the command names it: "--date must be a real date (YYYY-MM-DD)". */
const DATE_FIELDS = { date: '--date' };

/** `servicepay audit list`: a store's day of the audit trail, in words and the store's time. */
export function registerAuditCommands(program: Command): void {
  const audit = program
    .command('audit')
    .description(
      'The audit trail: voids, refunds, cancels, discounts, drawer, stock and set-up changes, refused sign-ins and unlocks',
    );
  audit
    .command('list')
    .description("A store's day of the audit trail, oldest first, in the store's time")
    .requiredOption('--dispensary <short>', 'the store (short name)')
    .option('--date <YYYY-MM-DD>', "the store's date (default: today there)")
    .addHelpText('after', '\nExample:\n  $ servicepay audit list --dispensary demo --date 2026-11-25')
    .action(
      action(async (cli, options: { dispensary: string; date?: string }) => {
        const dispensary = await new DispensaryRepository(cli.db).findByShortName(options.dispensary);
        if (!dispensary) throw invalidInput('--dispensary', `does not name a dispensary: ${options.dispensary}`);
        const day = await auditDay(cli.db, new AuditRepository(cli.db), dispensary, options.date, new Date(), true);
        cli.print(day, () => {
          const rows = day.events.map((event) => ({
            time: timeOfDay(event.at, day.timeZone),
            what: auditWhat(event),
            who: auditWho(event),
            register: auditWhere(event),
            order: event.orderNumber ?? '—',
            amount: event.amount === null ? '—' : formatMoney(event.amount),
            why: auditWhy(event),
          }));
          const heading = `Audit trail of ${dispensary.name}, ${day.date} (${day.timeZone}): ${rows.length} event${rows.length === 1 ? '' : 's'}`;
          const deals = day.dealDiscounts.map((deal) => `  ${deal.name}: ${formatMoney(deal.amount)}`);
          const byDeal = deals.length === 0 ? '' : `\n\nDiscounts by deal, sales paid that day:\n${deals.join('\n')}`;
          return rows.length === 0
            ? `${heading}.${byDeal}`
            : `${heading}\n\n${table(rows, ['time', 'what', 'who', 'register', 'order', 'amount', 'why'])}${byDeal}`;
        });
      }, DATE_FIELDS),
    );
}
