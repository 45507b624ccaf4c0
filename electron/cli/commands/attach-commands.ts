import type { Command } from 'commander';
import { ServicePayError } from '../../../shared/errors.js';
import { attachRegister, checkRegisterName, refreshReplica } from '../../server/registers/attach-register.js';
import type { ReplicaCounts } from '../../server/registers/replica-apply.js';
import { ServerLinkRepository, type ServerLink } from '../../server/registers/server-link-repository.js';
import { DispensaryRepository } from '../../server/dispensaries/dispensary-repository.js';
import { action, type CliContext } from '../cli-context.js';
import { shownStamp } from './shown-times.js';
import { readPassword } from './read-secret.js';

const ATTACH_HELP = `
A manager of the store signs in at the server once (their password from --password-stdin or a
prompt); the register gets its own credentials and keeps its store's catalog, prices, taxes, staff
and payment configuration in its own database (--data), refreshed every 30 seconds while it runs.

Example:
  $ printf %s "$PASSWORD" | servicepay --data ./front-1 attach --server https://store.example.com \\
      --dispensary mesa --name front-1 --username morgan --password-stdin`;

/** The link in words, never the register's secret; the last refresh in the store's time (`timeZone`). */
const describeLink = (link: ServerLink, timeZone: string) =>
  [
    `Register ${link.name} is attached to ${link.serverUrl} (register id ${link.registerId}).`,
    link.refreshedAt
      ? `Its replica was last refreshed on ${shownStamp(link.refreshedAt, timeZone)}.`
      : 'Its replica was never refreshed.',
    ...(link.lastProblem ? [`The last refresh failed: ${link.lastProblem}.`] : []),
  ].join('\n');

const describeCounts = (counts: ReplicaCounts) =>
  `${counts.products?.written ?? 0} products, ${counts.packages?.written ?? 0} packages, ` +
  `${counts.users?.written ?? 0} staff logins and ${counts.tax_rates?.written ?? 0} tax rates`;

const shown = (link: ServerLink) => ({ ...link, secret: undefined });

/** A register's database is SQLite: the PostgreSQL of a store server is never a register. */
function requireRegister(cli: CliContext): void {
  if (cli.db.kind !== 'sqlite') {
    throw new ServicePayError(
      'INVALID_INPUT',
      "a register keeps its own database (--data): it cannot be a server's PostgreSQL",
    );
  }
}

/** `servicepay attach` and `servicepay link`: a register attached to a store server (README "Attaching registers"). */
export function registerAttachCommands(program: Command): void {
  program
    .command('attach')
    .description('Attach this register (its --data folder) to a store server: a manager signs in once')
    .requiredOption('--server <url>', "the store server's URL")
    .requiredOption('--dispensary <short>', 'the store (its short name on the server)')
    .requiredOption('--name <register>', 'this register at the store, as its POS and drawer are known (front-1)')
    .requiredOption('--username <username>', "a manager's username at the server")
    .option('--password-stdin', "read the manager's password from standard input")
    .addHelpText('after', ATTACH_HELP)
    .action(
      action(
        async (
          cli,
          o: { server: string; dispensary: string; name: string; username: string; passwordStdin?: boolean },
        ) => {
          requireRegister(cli);
          checkRegisterName(o.name); // before the password is asked for
          const password = await readPassword(cli.io, o.passwordStdin === true);
          const input = { serverUrl: o.server, dispensary: o.dispensary, name: o.name, username: o.username, password };
          const attached = await attachRegister(cli.db, input, () => new Date());
          cli.print(
            {
              link: shown(attached.link),
              counts: attached.counts,
              ...(attached.notice ? { notice: attached.notice } : {}),
            },
            `Register ${attached.link.name} is attached to ${attached.dispensaryName} at ${attached.link.serverUrl}.\n` +
              `Its replica holds ${describeCounts(attached.counts)}.` +
              (attached.notice ? `\n${attached.notice}` : ''),
          );
        },
        { name: '--name', dispensary: '--dispensary' },
      ),
    );
  program
    .command('link')
    .description('The store server this register is attached to, and its replica’s last refresh')
    .option('--refresh', "read the store's replica from the server now")
    .action(
      action(async (cli, o: { refresh?: boolean }) => {
        requireRegister(cli);
        // A mistyped --data is no standalone register: say so, and leave no database there.
        if (cli.databaseMade) {
          throw new ServicePayError('NOT_FOUND', `${cli.dataDir} holds no register's data: there is no link to show`);
        }
        const links = new ServerLinkRepository(cli.db);
        const counts = o.refresh ? await refreshReplica(cli.db, () => new Date()) : null;
        const link = await links.get(cli.db);
        if (!link) {
          cli.print({ link: null }, 'This register is standalone: it is attached to no store server.');
          return;
        }
        // The store's zone from its replica (UTC, named, before the first refresh brought the store).
        const store = await new DispensaryRepository(cli.db).findById(link.dispensaryId);
        // What the refresh read, first, on stdout with the link (`--json`: `refreshed`).
        const refreshed = counts ? `Refreshed: ${describeCounts(counts)}.\n` : '';
        cli.print(
          { link: shown(link), ...(counts ? { refreshed: counts } : {}) },
          refreshed + describeLink(link, store?.timezone ?? 'UTC'),
        );
      }),
    );
}
