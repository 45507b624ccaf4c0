import type { Command } from 'commander';
import { ApplicationsRepository } from '../../server/auth/applications-repository.js';
import { PartnersRepository } from '../../server/auth/partners-repository.js';
import { DispensaryRepository } from '../../server/dispensaries/dispensary-repository.js';
import { action, table } from '../cli-context.js';
import { readText } from '../read-input.js';
import { writeChangingCached } from '../../server/db/epoch-cache.js';
import { organizationNames } from './store-names.js';
import { shownDay, zoneOf } from './shown-times.js';

/** The service's fields as the commands name them, for refusals: "<name> is required". */
const APP_FIELDS = { name: '<name>' };
const PARTNER_FIELDS = { name: '<name>', organizationId: '--org', publicKey: '--public-key' };

function registerApps(program: Command): void {
  const apps = program.command('apps').description('Applications allowed to log staff in (the x-application header)');
  apps
    .command('add <name>')
    .description('Register an application')
    .action(
      action(async (cli, name: string) => {
        const added = await cli.db.write((tx) => new ApplicationsRepository(cli.db).add(tx, name, new Date()));
        cli.print(added, `Registered application ${added.name}.`);
      }, APP_FIELDS),
    );
  apps
    .command('list')
    .description('List applications')
    .action(
      action(async (cli) => {
        const applications = await new ApplicationsRepository(cli.db).list(cli.db);
        // Applications are every store's: the day each was added in the zone the stores share (else named).
        const zone = zoneOf(await new DispensaryRepository(cli.db).list(), {});
        const rows = applications.map((app) => ({
          name: app.name,
          added: shownDay(app.createdAt, zone),
          disabled: app.disabled ? 'yes' : '',
        }));
        cli.print(applications, () => table(rows, ['name', 'added', 'disabled']));
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

function registerPartners(program: Command): void {
  const partners = program.command('partners').description('Partners who sign JWTs (v3 auth)');
  partners
    .command('add <name>')
    .description("Register a partner's public key (PEM: RSA ≥ 2048 bits or EC P-256); issues its certId")
    .requiredOption('--org <organizationId>', 'the organization the partner acts for')
    .requiredOption('--public-key <file>', 'PEM file of the public key (servicepay jwt keygen writes one)')
    .action(
      action(async (cli, name: string, options: { org: string; publicKey: string }) => {
        const publicKeyPem = readText(options.publicKey, '--public-key');
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
      }, PARTNER_FIELDS),
    );
  partners
    .command('list')
    .description('List partners')
    .action(
      action(async (cli) => {
        const partners = (await new PartnersRepository(cli.db).list(cli.db)).map(
          ({ publicKeyPem: _pem, ...partner }) => partner,
        );
        const organizations = await organizationNames(cli);
        const rows = partners.map((partner) => ({
          name: partner.name,
          'cert id': partner.certId,
          organization: organizations.get(partner.organizationId) ?? '',
          'organization id': partner.organizationId,
          algorithm: partner.algorithm,
          disabled: partner.disabled ? 'yes' : '',
        }));
        cli.print(partners, () =>
          table(rows, ['name', 'cert id', 'organization', 'organization id', 'algorithm', 'disabled']),
        );
      }),
    );
  partners
    .command('disable <certId>')
    .description('Disable a partner')
    .action(
      action(async (cli, certId: string) => {
        await writeChangingCached(cli.db, (tx) => new PartnersRepository(cli.db).disable(tx, certId));
        cli.print({ certId, disabled: true }, `Partner ${certId} disabled.`);
      }),
    );
}

/** `servicepay apps|partners …` */
export function registerAuthCommands(program: Command): void {
  registerApps(program);
  registerPartners(program);
}
