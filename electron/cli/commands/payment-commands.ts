import { InvalidArgumentError, type Command } from 'commander';
import { invalidInput } from '../../../shared/errors.js';
import type { ProcessorKind } from '../../../shared/contracts/setup.js';
import { processorKindLabel } from '../../../shared/labels.js';
import { PROCESSOR_KINDS } from '../../server/payments/store/processor-settings.js';
import type { ProcessorRecord } from '../../server/payments/store/processors-repository.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { action, table } from '../cli-context.js';
import { readStdin } from './read-secret.js';
import { organizationNames } from './store-names.js';
import { registerPaymentDeviceCommands } from './payment-device-commands.js';

function milliseconds(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number of milliseconds');
  return Number(value);
}

/** A processor for people and scripts: the API key is never printed. */
function shown(processor: ProcessorRecord) {
  const settings = { ...processor.settings } as Record<string, unknown>;
  if (typeof settings.apiKey === 'string') settings.apiKey = `${settings.apiKey.slice(0, 8)}…`;
  return { ...processor, settings };
}

const PROCESSOR_FIELDS = {
  name: '<name>',
  organizationId: '--org',
  kind: '--kind',
  apiKey: '--api-key-stdin',
  'settings.merchantId': '--merchant-id',
  'settings.apiKey': '--api-key-stdin',
  'settings.gatewayUrl': '--gateway-url',
  'settings.timeoutMs': '--timeout-ms',
};

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
          apiKey = await readStdin(cli.io);
        }
        const added = await cli.setup.processors.add(OPERATOR, options.org, {
          name,
          kind: options.kind as ProcessorKind,
          isDefault: options.default === true,
          gatewayUrl: options.gatewayUrl,
          merchantId: options.merchantId,
          apiKey,
          timeoutMs: options.timeoutMs,
        });
        cli.print(
          shown(added),
          `Added processor ${added.name}: ${processorKindLabel(added.kind)}${added.isDefault ? ', the default' : ''}.`,
        );
      }, PROCESSOR_FIELDS),
    );
  processors
    .command('list')
    .description('List processors (API keys masked)')
    .option('--org <organizationId>', 'only this entity')
    .action(
      action(async (cli, options: { org?: string }) => {
        const processors = (await cli.setup.processors.listEverywhere(OPERATOR, options.org)).map(shown);
        const organizations = await organizationNames(cli);
        const rows = processors.map((processor) => ({
          name: processor.name,
          kind: processorKindLabel(processor.kind),
          default: processor.isDefault ? 'yes' : '',
          organization: organizations.get(processor.organizationId) ?? '',
          'organization id': processor.organizationId,
          id: processor.id,
        }));
        cli.print(processors, () => table(rows, ['name', 'kind', 'default', 'organization', 'organization id', 'id']));
      }),
    );
  processors
    .command('default <name>')
    .description("Make a processor the entity's default (it wins when several offer a method)")
    .requiredOption('--org <organizationId>', 'the entity')
    .action(
      action(async (cli, name: string, options: { org: string }) => {
        const processor = await cli.setup.processors.setDefault(OPERATOR, options.org, name);
        cli.print(shown(processor), `${processor.name} is now the default processor.`);
      }, PROCESSOR_FIELDS),
    );
}

/** `servicepay processors|methods|devices …`: the payment configuration. */
export function registerPaymentCommands(program: Command): void {
  registerProcessors(program);
  registerPaymentDeviceCommands(program);
}
