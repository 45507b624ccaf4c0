import type { Command } from 'commander';
import type { ApiClientView, StaffView } from '../../../shared/contracts/setup-people.js';
import { roleLabel } from '../../../shared/labels.js';
import { STAFF_ROLES, type StaffRole } from '../../../shared/permissions.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action, table } from '../cli-context.js';
import { readPassword } from './read-secret.js';
import { belongingOf, storeNamer } from './store-names.js';
import { shownDay, zoneOf } from './shown-times.js';

const FIELDS = {
  username: '<username>',
  role: '--role',
  password: 'The password',
  pin: 'The PIN',
  organizationId: '--org',
  dispensary: '--dispensary',
  dispensaryId: '--dispensary',
  displayName: '--display-name',
  employeeRef: '--employee-ref',
  name: '<name>',
};
const ORG = ['--org <organizationId>', 'the organization (taken from --dispensary when that is given)'] as const;
const STORE = ['--dispensary <short>', 'limit it to this one store of the organization'] as const;

/** A login's or a client's store by name ("(every store)" for the organization's), and whether it is disabled. */
const storeColumns = (
  row: Pick<StaffView | ApiClientView, 'dispensaryShortName' | 'disabled'>,
  storeName: (shortName: string | null) => string,
) => ({ store: storeName(row.dispensaryShortName), disabled: row.disabled ? 'yes' : '' });

/** "Sam Rivera (sam)": a login as people know it, with the username the commands take. */
const personOf = (user: StaffView) =>
  user.displayName && user.displayName !== user.username ? `${user.displayName} (${user.username})` : user.username;

function registerUsers(program: Command): void {
  const users = program.command('users').description('Staff users who log in to the POS and back office');
  users
    .command('add <username>')
    .description(
      `Add a user. Roles: ${STAFF_ROLES.join(', ')}. The password (at least 8 characters) is read from a no-echo prompt ` +
        'or --password-stdin. With --dispensary the user works at that store only; without it, at every store.',
    )
    .requiredOption('--role <role>', 'the user role')
    .option(...ORG)
    .option(...STORE)
    .option('--display-name <name>', 'name shown in the apps')
    .option('--employee-ref <ref>', 'employee number (employeeReferenceId of payments)')
    .option('--password-stdin', 'read the password from standard input')
    .addHelpText(
      'after',
      '\nExample:\n  $ printf %s "$PASSWORD" | servicepay users add sam --role cashier --dispensary mesa --password-stdin',
    )
    .action(
      action(async (cli, username: string, o: Record<string, string | boolean | undefined>) => {
        const where = belongingOf({ org: o.org as string | undefined, dispensary: o.dispensary as string | undefined });
        const password = await readPassword(cli.io, o.passwordStdin === true);
        const user = await cli.setup.staff.add(OPERATOR, where, {
          username,
          role: o.role as StaffRole,
          password,
          displayName: o.displayName as string | undefined,
          employeeRef: o.employeeRef as string | undefined,
        });
        const at = (await storeNamer(cli, 'every store of the organization'))(user.dispensaryShortName);
        cli.print(user, `Added user ${personOf(user)}: ${roleLabel(user.role)} at ${at}.`);
      }, FIELDS),
    );
  users
    .command('list')
    .description('List users (every organization, one, or one store)')
    .option('--org <organizationId>', 'only this organization')
    .option('--dispensary <short>', 'only the staff of this store (and of every store of its organization)')
    .action(
      action(async (cli, options: { org?: string; dispensary?: string }) => {
        const rows = await cli.setup.staff.list(OPERATOR, {
          organizationId: options.org,
          shortName: options.dispensary,
        });
        const storeName = await storeNamer(cli, '(every store)');
        const listed = rows.map((row) => ({
          ...row,
          ...storeColumns(row, storeName),
          name: row.displayName,
          role: roleLabel(row.role),
          'employee ref': row.employeeRef ?? '',
        }));
        cli.print(rows, () => table(listed, ['username', 'name', 'role', 'employee ref', 'store', 'disabled']));
      }, FIELDS),
    );
  for (const [name, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    users
      .command(`${name} <username>`)
      .description(`${disabled ? 'Disable' : 'Enable'} a user (a disabled user's tokens stop working at once)`)
      .action(
        action(async (cli, username: string) => {
          const user = await cli.setup.staff.setDisabled(OPERATOR, username, disabled);
          cli.print(user, `User ${personOf(user)} ${disabled ? 'disabled' : 'enabled'}.`);
        }),
      );
  }
  users
    .command('set-password <username>')
    .description('Set a new password (and clear a lockout)')
    .option('--password-stdin', 'read the password from standard input')
    .action(
      action(async (cli, username: string, options: { passwordStdin?: boolean }) => {
        const password = await readPassword(cli.io, options.passwordStdin === true);
        const user = await cli.setup.staff.setPassword(OPERATOR, username, password);
        cli.print({ username: user.username }, `Password of ${personOf(user)} changed.`);
      }, FIELDS),
    );
  users
    .command('set-pin <username>')
    .description("Set a manager's or admin's PIN (4 to 8 digits) approving the cash movements the store guards")
    .option('--pin-stdin', 'read the PIN from standard input')
    .option('--remove', 'remove the PIN instead')
    .addHelpText('after', '\nExample:\n  $ printf %s 2580 | servicepay users set-pin morgan --pin-stdin')
    .action(
      action(async (cli, username: string, options: { pinStdin?: boolean; remove?: boolean }) => {
        const pin = options.remove ? null : await readPassword(cli.io, options.pinStdin === true, 'pin');
        const user = await cli.setup.staff.setPin(OPERATOR, username, pin);
        cli.print(
          { username: user.username, hasPin: user.hasPin },
          `${user.displayName} ${user.hasPin ? 'approves cash movements with the new PIN' : 'has no PIN now'}.`,
        );
      }, FIELDS),
    );
}

function registerClients(program: Command): void {
  const clients = program.command('clients').description('API clients (client_id / client_secret) of the ticket API');
  clients
    .command('add <name>')
    .description(
      'Issue a client. The secret is shown once and stored only as a hash. With --dispensary the client acts for ' +
        'that store only; without it, for every store of the organization.',
    )
    .option(...ORG)
    .option(...STORE)
    .addHelpText('after', '\nExample:\n  $ servicepay clients add "Mesa web shop" --dispensary mesa')
    .action(
      action(async (cli, name: string, options: { org?: string; dispensary?: string }) => {
        const where = belongingOf(options);
        const { client, clientSecret } = await cli.setup.clients.issue(OPERATOR, where, name);
        const store = (await storeNamer(cli, 'every store of the organization'))(client.dispensaryShortName);
        cli.print(
          { ...client, clientSecret },
          [
            `Issued client ${client.name} for ${store}.`,
            `client_id:     ${client.clientId}`,
            `client_secret: ${clientSecret}`,
            'Store the secret now: it is not shown again.',
          ].join('\n'),
        );
      }, FIELDS),
    );
  clients
    .command('list')
    .description('List clients (without secrets)')
    .option('--org <organizationId>', 'only this organization')
    .option('--dispensary <short>', 'only the clients of this store (and of every store of its organization)')
    .action(
      action(async (cli, options: { org?: string; dispensary?: string }) => {
        const rows = await cli.setup.clients.list(OPERATOR, {
          organizationId: options.org,
          shortName: options.dispensary,
        });
        const storeName = await storeNamer(cli, '(every store)');
        const stores = await cli.setup.access.dispensaries.list();
        // An organization's client: the organization's stores' zone (the one asked for, or the store's).
        const organizationId =
          options.org ?? stores.find((store) => store.shortName === options.dispensary)?.organizationId;
        const listed = rows.map((row) => ({
          ...row,
          ...storeColumns(row, storeName),
          'client id': row.clientId,
          // The day it was issued in its store's time (an organization's: its stores' zone when they share one).
          added: shownDay(
            row.createdAt,
            zoneOf(
              stores,
              row.dispensaryShortName === null ? { organizationId } : { shortName: row.dispensaryShortName },
            ),
          ),
        }));
        cli.print(rows, () => table(listed, ['name', 'client id', 'store', 'disabled', 'added']));
      }, FIELDS),
    );
  clients
    .command('disable <clientId>')
    .description('Disable a client')
    .action(
      action(async (cli, clientId: string) => {
        const client = await cli.setup.clients.disable(OPERATOR, clientId);
        cli.print(client, `Client ${client.name} (${client.clientId}) disabled.`);
      }),
    );
}

/** `servicepay users|clients …`: staff logins and API clients, one store's or the organization's. */
export function registerPeopleCommands(program: Command): void {
  registerUsers(program);
  registerClients(program);
}
