import { InvalidArgumentError, type Command } from 'commander';
import { invalidInput } from '../../../shared/errors.js';
import { PROCESSOR_KINDS } from '../../server/payments/store/processor-settings.js';
import { ProcessorsRepository, type ProcessorRecord } from '../../server/payments/store/processors-repository.js';
import { action, table } from '../cli-context.js';
import { registerPaymentDeviceCommands } from './payment-device-commands.js';

function milliseconds(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number of milliseconds');
  return Number(value);
}

/** Reads all of standard input, without the final newline (for `--api-key-stdin`). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** A processor for people and scripts: the API key is never printed. */
function shown(processor: ProcessorRecord) {
  const settings = { ...processor.settings } as Record<string, unknown>;
  if (typeof settings.apiKey === 'string') settings.apiKey = `${settings.apiKey.slice(0, 8)}…`;
  return { ...processor, settings };
}

interface AddOptions {
  org: string;
  kind: string;
  gatewayUrl?: string;
  merchantId?: string;
  apiKeyStdin?: boolean;
  timeoutMs?: number;
  default?: boolean;
}

function registerProcessors(program: Command): void {
  const processors = program
    .command('processors')
    .description('Payment processors of an entity (organization); one is its default');
  processors
    .command('add <name>')
    .description(
      `Add a processor. Kinds: ${PROCESSOR_KINDS.join(', ')}. The name (kebab case) is what processorName selects. ` +
        'A paynet processor needs --merchant-id and its API key on standard input (--api-key-stdin).',
    )
    .requiredOption('--org <organizationId>', 'the entity the processor serves')
    .option('--kind <kind>', `${PROCESSOR_KINDS.join(' or ')}`, 'sandbox')
    .option('--gateway-url <url>', 'paynet: base URL of the gateway (default: the sandbox this service hosts)')
    .option('--merchant-id <id>', 'paynet: the merchant id the gateway issued')
    .option('--api-key-stdin', 'paynet: read the API key from standard input')
    .option('--timeout-ms <ms>', 'paynet: how long to wait for the gateway (default 3000)', milliseconds)
    .option('--default', "make it the entity's default processor")
    .addHelpText(
      'after',
      '\nExamples:\n  $ servicepay processors add sandbox --org <orgId> --default\n' +
        '  $ echo "$PAYNET_KEY" | servicepay processors add paynet --org <orgId> --kind paynet --merchant-id m-123 --api-key-stdin',
    )
    .action(
      action(async (cli, name: string, options: AddOptions) => {
        let apiKey: string | undefined;
        if (options.kind === 'paynet') {
          if (!options.apiKeyStdin) throw invalidInput('--api-key-stdin', 'is required for a paynet processor');
          apiKey = await readStdin();
        }
        const settings = {
          ...(options.gatewayUrl ? { gatewayUrl: options.gatewayUrl } : {}),
          ...(options.merchantId ? { merchantId: options.merchantId } : {}),
          ...(apiKey ? { apiKey } : {}),
          ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        };
        const added = await cli.db.write((tx) =>
          new ProcessorsRepository(cli.db).add(
            tx,
            { organizationId: options.org, name, kind: options.kind, settings, isDefault: options.default === true },
            new Date(),
          ),
        );
        cli.print(
          shown(added),
          `Added processor ${added.name} (${added.kind})${added.isDefault ? ', the default' : ''}.`,
        );
      }),
    );
  processors
    .command('list')
    .description('List processors (API keys masked)')
    .option('--org <organizationId>', 'only this entity')
    .action(
      action(async (cli, options: { org?: string }) => {
        const rows = (await new ProcessorsRepository(cli.db).list(cli.db, options.org)).map(shown);
        cli.print(rows, () => table(rows, ['name', 'kind', 'isDefault', 'organizationId', 'id']));
      }),
    );
  processors
    .command('default <name>')
    .description("Make a processor the entity's default (it wins when several offer a method)")
    .requiredOption('--org <organizationId>', 'the entity')
    .action(
      action(async (cli, name: string, options: { org: string }) => {
        const processor = await cli.db.write((tx) =>
          new ProcessorsRepository(cli.db).setDefault(tx, options.org, name),
        );
        cli.print(shown(processor), `${processor.name} is now the default processor.`);
      }),
    );
}

/** `servicepay processors|methods|devices …`: the payment configuration. */
export function registerPaymentCommands(program: Command): void {
  registerProcessors(program);
  registerPaymentDeviceCommands(program);
}
