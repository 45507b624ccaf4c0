import { Command } from 'commander';
import { registerAuditCommands } from './commands/audit-commands.js';
import { registerAuthCommands } from './commands/auth-commands.js';
import { registerBackupCommands } from './commands/backup-commands.js';
import { registerCatalogCommands } from './commands/catalog-commands.js';
import { registerJwtCommands } from './commands/jwt-commands.js';
import { registerPaymentCommands } from './commands/payment-commands.js';

const program = new Command('servicepay')
  .description(
    'Administers a ServicePay service: users, applications, API clients, partners, JWTs, the catalog and payments.',
  )
  .option('--data <dir>', 'folder of the SQLite database (env SERVICEPAY_DATA_DIR)')
  .option('--database <url>', 'a PostgreSQL database instead: postgres://… (env SERVICEPAY_DATABASE_URL)')
  .option('--json', 'print results as JSON for scripts')
  .showHelpAfterError();

registerAuthCommands(program);
registerJwtCommands(program);
registerCatalogCommands(program);
registerPaymentCommands(program);
registerAuditCommands(program);
registerBackupCommands(program);

await program.parseAsync(process.argv);
