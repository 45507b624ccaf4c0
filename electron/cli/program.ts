import { Command } from 'commander';
import { processIo, useIo, type CliIo } from './cli-io.js';
import { registerAuditCommands } from './commands/audit-commands.js';
import { registerAuthCommands } from './commands/auth-commands.js';
import { registerAttachCommands } from './commands/attach-commands.js';
import { registerBackupCommands } from './commands/backup-commands.js';
import { registerCatalogCommands } from './commands/catalog-commands.js';
import { registerCustomerCommands } from './commands/customer-commands.js';
import { registerDealCommands } from './commands/deal-commands.js';
import { registerDrawerCommands } from './commands/drawer-commands.js';
import { registerLoyaltyCommands } from './commands/loyalty-commands.js';
import { registerInventoryCommands } from './commands/inventory-commands.js';
import { registerJwtCommands } from './commands/jwt-commands.js';
import { registerLocationCommands } from './commands/location-commands.js';
import { registerPaymentCommands } from './commands/payment-commands.js';
import { registerPeopleCommands } from './commands/people-commands.js';
import { registerPrinterCommands } from './commands/printer-commands.js';
import { registerProductCommands } from './commands/product-commands.js';
import { registerProfileCommands } from './commands/profile-commands.js';
import { registerReportCommands } from './commands/report-commands.js';
import { registerRegisterCommands } from './commands/register-commands.js';
import { registerStateReportingCommands } from './commands/state-reporting-commands.js';
import { registerStoreCommands } from './commands/store-commands.js';
import { registerTaxCommands } from './commands/tax-commands.js';
import { registerWebhookCommands } from './commands/webhook-commands.js';

/**
 * The `servicepay` program: every command, reading and writing through `io` (the process's streams
 * by default). `exitOverride`: commander's own stops (`--help`, an unknown option) throw a
 * CommanderError with the exit code instead of ending the process, for a caller that runs the
 * program in its own process. A program parses one command line.
 */
export function servicepayProgram(io: CliIo = processIo, options: { exitOverride?: boolean } = {}): Command {
  const program = new Command('servicepay');
  // Set before the commands are added: each copies its parent's output and exit settings.
  useIo(program, io);
  if (options.exitOverride) program.exitOverride();
  program
    .description(
      'Administers a ServicePay service: organizations and stores, taxes, locations, payments, staff, applications, ' +
        'API clients, partners, JWTs, the catalog and its products, inventory adjustments, customers, webhooks, receipt printers, registers attached to a store server, state profiles, state reporting, reports and cash drawers’ X and Z reports. Setting up a store from nothing: see the README.',
    )
    .option('--data <dir>', 'folder of the SQLite database (env SERVICEPAY_DATA_DIR)')
    .option('--database <url>', 'a PostgreSQL database instead: postgres://… (env SERVICEPAY_DATABASE_URL)')
    .option('--json', 'print results as JSON for scripts')
    .option(
      '--profiles <dir>',
      'a folder of state profiles to load with the shipped ones (env SERVICEPAY_PROFILES_DIR)',
    )
    .showHelpAfterError();

  registerStoreCommands(program);
  registerTaxCommands(program);
  registerLocationCommands(program);
  registerPaymentCommands(program);
  registerPeopleCommands(program);
  registerAuthCommands(program);
  registerJwtCommands(program);
  registerCatalogCommands(program);
  registerProductCommands(program);
  registerInventoryCommands(program);
  registerDealCommands(program);
  registerLoyaltyCommands(program);
  registerWebhookCommands(program);
  registerPrinterCommands(program);
  registerRegisterCommands(program);
  registerStateReportingCommands(program);
  registerCustomerCommands(program);
  registerProfileCommands(program);
  registerAuditCommands(program);
  registerReportCommands(program);
  registerDrawerCommands(program);
  registerBackupCommands(program);
  registerAttachCommands(program);
  return program;
}
