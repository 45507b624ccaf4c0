import type { Command } from 'commander';
import type { RegisterView } from '../../../shared/contracts/registers.js';
import { ServicePayError } from '../../../shared/errors.js';
import {
  FORWARD_EXCEPTIONS_EXPLAINED,
  forwardExceptionDetail,
  forwardExceptionLabel,
} from '../../../shared/forward-exception-words.js';
import { registerStatusWords } from '../../../shared/register-status.js';
import { storeDateTime } from '../../../shared/store-time.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action, plainSpaces, table, type CliContext } from '../cli-context.js';

const STORE = ['--dispensary <short>', 'the store (its short name)'] as const;

const ENROLL_HELP = `
A register of that name enrolled before gets new credentials (its earlier ones stop working) and is
no longer revoked. The register sends its id and secret to the server as HTTP Basic credentials.

Examples:
  $ servicepay registers enroll front-1 --dispensary mesa
  $ servicepay registers list --dispensary mesa
  $ servicepay registers revoke front-1 --dispensary mesa
  $ servicepay registers exceptions --dispensary mesa`;

/** The store's register named `name` (a register is known by its name; the service by its id). */
async function named(cli: CliContext, shortName: string, name: string): Promise<RegisterView> {
  const registers = await cli.setup.registers.list(OPERATOR, shortName);
  const register = registers.find((candidate) => candidate.name === name);
  if (register) return register;
  const known = registers.length === 0 ? 'it has none' : `its registers are ${registers.map((r) => r.name).join(', ')}`;
  const store = await cli.setup.access.store(OPERATOR, shortName);
  throw new ServicePayError('NOT_FOUND', `no register named ${name} is attached to ${store.name}; ${known}`);
}

/** `servicepay registers list|enroll|revoke|exceptions`: the registers attached to a store server. */
export function registerRegisterCommands(program: Command): void {
  const registers = program
    .command('registers')
    .description('Registers attached to a store server: each has its own credentials and keeps a copy of its store');
  registers
    .command('list')
    .description("The store's registers (revoked ones too), with when each was last seen in the store's time")
    .requiredOption(...STORE)
    .action(
      action(async (cli, o: { dispensary: string }) => {
        const { timezone } = await cli.setup.access.store(OPERATOR, o.dispensary);
        const list = await cli.setup.registers.list(OPERATOR, o.dispensary);
        const now = new Date();
        const rows = list.map((register) => ({
          name: register.name,
          status: plainSpaces(registerStatusWords(register, timezone, now)),
          'enrolled by': register.enrolledBy,
        }));
        cli.print(list, () => table(rows, ['name', 'status', 'enrolled by']));
      }),
    );
  registers
    .command('enroll <name>')
    .description('Attach register <name> (its terminal id, such as front-1): prints its credentials, this once')
    .requiredOption(...STORE)
    .addHelpText('after', ENROLL_HELP)
    .action(
      action(
        async (cli, name: string, o: { dispensary: string }) => {
          const enrolled = await cli.setup.registers.enroll(OPERATOR, o.dispensary, name);
          cli.print(enrolled, () =>
            [
              `Register ${enrolled.register.name} is attached to ${enrolled.dispensary.name}.`,
              `  register id: ${enrolled.register.registerId}`,
              `  secret:      ${enrolled.secret}`,
              'The secret is shown only now and only its hash is kept: give it to the register. ' +
                'Enrolling the register again gives it new credentials.',
              ...(enrolled.notice ? [enrolled.notice] : []),
            ].join('\n'),
          );
        },
        { name: 'the name' },
      ),
    );
  registers
    .command('revoke <name>')
    .description('Revoke a register: the server refuses its credentials from its next request on')
    .requiredOption(...STORE)
    .action(
      action(async (cli, name: string, o: { dispensary: string }) => {
        const register = await named(cli, o.dispensary, name);
        const revoked = await cli.setup.registers.revoke(OPERATOR, o.dispensary, register.registerId);
        const store = await cli.setup.access.store(OPERATOR, o.dispensary);
        cli.print(
          revoked,
          `Register ${revoked.name} at ${store.name} is revoked: ` +
            'it stops syncing with the server and must be enrolled again to sync.',
        );
      }),
    );
  registers
    .command('exceptions')
    .description(
      "Sales the store's registers forwarded that were not applied exactly as made, newest first, in the store's time",
    )
    .requiredOption(...STORE)
    .action(
      action(async (cli, o: { dispensary: string }) => {
        const { timezone } = await cli.setup.access.store(OPERATOR, o.dispensary);
        const exceptions = await cli.setup.registers.exceptions(OPERATOR, o.dispensary);
        const now = new Date();
        cli.print(exceptions, () => {
          if (exceptions.length === 0) return 'No exceptions: every forwarded sale was applied as it was made.';
          const rows = exceptions.map((exception) => ({
            when: plainSpaces(storeDateTime(exception.at, timezone, now)),
            register: exception.registerName,
            what: forwardExceptionLabel(exception.kind),
            detail: forwardExceptionDetail(exception),
          }));
          return `${table(rows, ['when', 'register', 'what', 'detail'])}\n\n${FORWARD_EXCEPTIONS_EXPLAINED}`;
        });
      }),
    );
}
