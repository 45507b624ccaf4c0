import type { Command } from 'commander';
import { ROLES } from '../../../shared/permissions.js';
import { ApiClientsRepository } from '../../server/auth/api-clients-repository.js';
import { ApplicationsRepository } from '../../server/auth/applications-repository.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { PartnersRepository } from '../../server/auth/partners-repository.js';
import { UsersRepository } from '../../server/auth/users-repository.js';
import { readFileSync } from 'node:fs';
import { invalidInput } from '../../../shared/errors.js';
import { action, table } from '../cli-context.js';
import { readPassword } from './read-secret.js';

function registerUsers(program: Command): void {
  const users = program.command('users').description('Staff users who log in to the POS and back office');
  users
    .command('add <username>')
    .description(
      `Add a user. Roles: ${ROLES.join(', ')}. The password is read from a no-echo prompt or --password-stdin.`,
    )
    .requiredOption('--role <role>', 'the user role')
    .requiredOption('--org <organizationId>', 'the organization the user belongs to')
    .option('--display-name <name>', 'name shown in the apps')
    .option('--employee-ref <ref>', 'employee number (employeeReferenceId of payments)')
    .option('--password-stdin', 'read the password from standard input')
    .action(
      action(
        async (
          cli,
          username: string,
          options: { role: string; org: string; displayName?: string; employeeRef?: string; passwordStdin?: boolean },
        ) => {
          const passwordHash = await hashPassword(await readPassword(options.passwordStdin === true));
          const user = await cli.db.write((tx) =>
            new UsersRepository(cli.db).create(
              tx,
              {
                username,
                role: options.role,
                organizationId: options.org,
                displayName: options.displayName,
                employeeRef: options.employeeRef,
                passwordHash,
              },
              new Date(),
            ),
          );
          const { passwordHash: _hash, ...shown } = user;
          cli.print(shown, `Added user ${user.username} (${user.role}).`);
        },
      ),
    );
  users
    .command('list')
    .description('List users')
    .action(
      action(async (cli) => {
        const rows = (await new UsersRepository(cli.db).list(cli.db)).map(({ passwordHash: _hash, ...user }) => user);
        cli.print(rows, () =>
          table(rows, ['username', 'role', 'displayName', 'employeeRef', 'disabled', 'organizationId']),
        );
      }),
    );
  for (const [name, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    users
      .command(`${name} <username>`)
      .description(
        `${name === 'disable' ? 'Disable' : 'Enable'} a user (a disabled user's tokens stop working at once)`,
      )
      .action(
        action(async (cli, username: string) => {
          await cli.db.write((tx) => new UsersRepository(cli.db).setDisabled(tx, username, disabled));
          cli.print({ username, disabled }, `User ${username} ${disabled ? 'disabled' : 'enabled'}.`);
        }),
      );
  }
  users
    .command('set-password <username>')
    .description('Set a new password (and clear a lockout)')
    .option('--password-stdin', 'read the password from standard input')
    .action(
      action(async (cli, username: string, options: { passwordStdin?: boolean }) => {
        const passwordHash = await hashPassword(await readPassword(options.passwordStdin === true));
        await cli.db.write((tx) => new UsersRepository(cli.db).setPasswordHash(tx, username, passwordHash));
        cli.print({ username }, `Password of ${username} changed.`);
      }),
    );
}

function registerApps(program: Command): void {
  const apps = program.command('apps').description('Applications allowed to log staff in (the x-application header)');
  apps
    .command('add <name>')
    .description('Register an application')
    .action(
      action(async (cli, name: string) => {
        const added = await cli.db.write((tx) => new ApplicationsRepository(cli.db).add(tx, name, new Date()));
        cli.print(added, `Registered application ${added.name}.`);
      }),
    );
  apps
    .command('list')
    .description('List applications')
    .action(
      action(async (cli) => {
        const rows = await new ApplicationsRepository(cli.db).list(cli.db);
        cli.print(rows, () => table(rows, ['name', 'disabled', 'createdAt']));
      }),
    );
  apps
    .command('disable <name>')
    .description('Disable an application')
    .action(
      action(async (cli, name: string) => {
        await cli.db.write((tx) => new ApplicationsRepository(cli.db).disable(tx, name));
        cli.print({ name, disabled: true }, `Application ${name} disabled.`);
      }),
    );
}

function registerClients(program: Command): void {
  const clients = program.command('clients').description('API clients (client_id / client_secret) of the ticket API');
  clients
    .command('add <name>')
    .description('Issue a client. The secret is shown once and stored only as a hash.')
    .requiredOption('--org <organizationId>', 'the organization the client acts for')
    .action(
      action(async (cli, name: string, options: { org: string }) => {
        const issued = await cli.db.write((tx) =>
          new ApiClientsRepository(cli.db).issue(tx, { name, organizationId: options.org }, new Date()),
        );
        cli.print(
          issued,
          [
            `client_id:     ${issued.clientId}`,
            `client_secret: ${issued.clientSecret}`,
            'Store the secret now: it is not shown again.',
          ].join('\n'),
        );
      }),
    );
  clients
    .command('list')
    .description('List clients (without secrets)')
    .action(
      action(async (cli) => {
        const rows = (await new ApiClientsRepository(cli.db).list(cli.db)).map(
          ({ secretHash: _hash, ...client }) => client,
        );
        cli.print(rows, () => table(rows, ['clientId', 'name', 'organizationId', 'disabled', 'createdAt']));
      }),
    );
  clients
    .command('disable <clientId>')
    .description('Disable a client')
    .action(
      action(async (cli, clientId: string) => {
        await cli.db.write((tx) => new ApiClientsRepository(cli.db).disable(tx, clientId));
        cli.print({ clientId, disabled: true }, `Client ${clientId} disabled.`);
      }),
    );
}

function registerPartners(program: Command): void {
  const partners = program.command('partners').description('Partners who sign JWTs (v3 auth)');
  partners
    .command('add <name>')
    .description("Register a partner's public key (PEM: RSA ≥ 2048 bits or EC P-256); issues its certId")
    .requiredOption('--org <organizationId>', 'the organization the partner acts for')
    .requiredOption('--public-key <file>', 'PEM file of the public key (servicepay jwt keygen writes one)')
    .action(
      action(async (cli, name: string, options: { org: string; publicKey: string }) => {
        let publicKeyPem: string;
        try {
          publicKeyPem = readFileSync(options.publicKey, 'utf8');
        } catch {
          throw invalidInput('--public-key', `cannot read ${options.publicKey}`);
        }
        const partner = await cli.db.write((tx) =>
          new PartnersRepository(cli.db).register(tx, { name, organizationId: options.org, publicKeyPem }, new Date()),
        );
        const shown = {
          certId: partner.certId,
          organizationId: partner.organizationId,
          name: partner.name,
          algorithm: partner.algorithm,
        };
        cli.print(
          shown,
          `certId:         ${shown.certId}\norganizationId: ${shown.organizationId}\nalgorithm:      ${shown.algorithm}`,
        );
      }),
    );
  partners
    .command('list')
    .description('List partners')
    .action(
      action(async (cli) => {
        const rows = (await new PartnersRepository(cli.db).list(cli.db)).map(
          ({ publicKeyPem: _pem, ...partner }) => partner,
        );
        cli.print(rows, () => table(rows, ['certId', 'name', 'organizationId', 'algorithm', 'disabled']));
      }),
    );
  partners
    .command('disable <certId>')
    .description('Disable a partner')
    .action(
      action(async (cli, certId: string) => {
        await cli.db.write((tx) => new PartnersRepository(cli.db).disable(tx, certId));
        cli.print({ certId, disabled: true }, `Partner ${certId} disabled.`);
      }),
    );
}

/** `servicepay users|apps|clients|partners …` */
export function registerAuthCommands(program: Command): void {
  registerUsers(program);
  registerApps(program);
  registerClients(program);
  registerPartners(program);
}
