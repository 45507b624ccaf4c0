import type { Command } from 'commander';
import { ALLOW_LOCAL_OPTION, WEBHOOK_EVENT_TYPES } from '../../../shared/contracts/webhooks.js';
import { ServicePayError } from '../../../shared/errors.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { DeliveryLog } from '../../server/webhooks/delivery-log.js';
import type { EndpointWithSecret } from '../../server/webhooks/webhook-setup.js';
import { wholeNumber } from '../arguments.js';
import { action, type CliContext } from '../cli-context.js';
import { belongingOf, storeNamer } from './store-names.js';
import {
  deliveryTable,
  endpointState,
  endpointTable,
  parseEvents,
  parseStatus,
  redeliveryLine,
} from './webhook-words.js';
import { zoneOf } from './shown-times.js';

const FIELDS = {
  organizationId: '--org',
  dispensary: '--dispensary',
  dispensaryId: '--dispensary',
  url: 'the URL',
  events: '--events',
  limit: '--limit',
  before: '--before',
  description: '--description',
};
const ORG = ['--org <organizationId>', 'every store of this organization'] as const;
const STORE = [
  '--dispensary <short>',
  'this one store (and the endpoints for every store of its organization)',
] as const;

interface Where {
  org?: string;
  dispensary?: string;
}
const belonging = (o: Where) => ({ organizationId: o.org, shortName: o.dispensary });

const ADD_HELP = `
Events: ${WEBHOOK_EVENT_TYPES.join(', ')}, or all.
Each delivery is a signed POST; the README's "Webhooks" section shows how a receiver checks it.

Examples:
  $ servicepay webhooks add https://shop.example.com/hooks/servicepay --events order.paid,payment.refunded --dispensary mesa
  $ servicepay webhooks add https://erp.example.com/servicepay --events all --org <organizationId>
  $ servicepay webhooks add http://127.0.0.1:4000/hooks --events all --dispensary demo --allow-local`;

/** An endpoint and its secret, the once it is shown, with whose events it gets: its store's by name, or every store's. */
async function printSecret(cli: CliContext, added: EndpointWithSecret, what: string): Promise<void> {
  const { endpoint, secret } = added;
  const store = (await storeNamer(cli, 'every store of the organization'))(endpoint.dispensaryShortName);
  cli.print(
    added,
    [
      `${what} ${endpoint.id} → ${endpoint.url} (${store})`,
      `Signing secret: ${secret}`,
      'Store the secret now: it is not shown again.',
    ].join('\n'),
  );
}

/** A refused URL names the flag that would accept it for local testing, where the API names its option. */
function withAllowLocal(error: unknown): unknown {
  if (!(error instanceof ServicePayError) || error.field !== 'url' || !error.message.includes(ALLOW_LOCAL_OPTION)) {
    return error;
  }
  const message = error.message.replace(ALLOW_LOCAL_OPTION, '--allow-local');
  return new ServicePayError(error.code, message, { field: 'url', cause: error });
}

function registerEndpoints(webhooks: Command): void {
  webhooks
    .command('add <url>')
    .description(
      'Add an endpoint: deliveries of the events it asks for, for one store (--dispensary) or every store of an ' +
        'organization (--org). The URL must be https:// and public; the signing secret is printed this once.',
    )
    .requiredOption('--events <list>', 'event names separated by commas, or all')
    .option(...STORE)
    .option(...ORG)
    .option('--description <text>', 'what it is for (shown in the back office)')
    .option('--allow-local', 'accept http:// and loopback or private addresses, for testing on your own machine')
    .addHelpText('after', ADD_HELP)
    .action(
      action(async (cli, url: string, o: Where & { events: string; description?: string; allowLocal?: boolean }) => {
        const events = parseEvents(o.events);
        const allowLocal = o.allowLocal === true;
        const input = { url, events, description: o.description, allowLocal };
        const added = await cli.setup.webhooks.add(OPERATOR, belongingOf(o), input).catch((error: unknown) => {
          throw withAllowLocal(error);
        });
        await printSecret(cli, added, 'Added webhook endpoint');
      }, FIELDS),
    );
  webhooks
    .command('list')
    .description('List endpoints (every organization, one, or one store), without their secrets')
    .option('--org <organizationId>', 'only this organization')
    .option(...STORE)
    .action(
      action(async (cli, o: Where) => {
        const endpoints = await cli.setup.webhooks.list(OPERATOR, belonging(o));
        const storeName = await storeNamer(cli, '(every store)');
        cli.print(endpoints, () => endpointTable(endpoints, storeName));
      }, FIELDS),
    );
  for (const [name, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    webhooks
      .command(`${name} <endpointId>`)
      .description(
        disabled
          ? 'Disable an endpoint: no more events are recorded for it'
          : 'Enable an endpoint again (one disabled by hand or because it kept failing); pending deliveries resume',
      )
      .action(
        action(async (cli, id: string) => {
          const endpoint = await cli.setup.webhooks.setDisabled(OPERATOR, id, disabled);
          cli.print(endpoint, `Webhook endpoint ${endpoint.id} (${endpoint.url}): ${endpointState(endpoint)}.`);
        }),
      );
  }
  webhooks
    .command('rotate-secret <endpointId>')
    .description('Give an endpoint a new signing secret, printed this once; the old one stops signing at once')
    .action(
      action(async (cli, id: string) => {
        await printSecret(cli, await cli.setup.webhooks.rotateSecret(OPERATOR, id), 'New secret of webhook endpoint');
      }),
    );
}

function registerDeliveries(webhooks: Command): void {
  webhooks
    .command('deliveries')
    .description(
      'The delivery log, newest first: each event sent to each endpoint, its status, tries and last answer. ' +
        "Times are the store's (with --dispensary, or when all the stores listed share a time zone), else UTC.",
    )
    .option('--endpoint <endpointId>', 'only the deliveries to this endpoint')
    .option('--status <status>', 'pending, delivered or failed (given up after 3 days)')
    .option(...STORE)
    .option('--org <organizationId>', 'only this organization')
    .option('--limit <n>', 'how many (1 to 200, default 50)', wholeNumber)
    .option('--before <cursor>', 'the next page: the cursor printed at the end of the previous one')
    .addHelpText(
      'after',
      '\nExamples:\n  $ servicepay webhooks deliveries --dispensary demo --status pending\n' +
        '  $ servicepay webhooks deliveries --endpoint we_… --limit 20 --before <cursor>',
    )
    .action(
      action(async (cli, o: Where & { endpoint?: string; status?: string; limit?: number; before?: string }) => {
        const page = await cli.setup.webhooks.deliveries(OPERATOR, {
          ...belonging(o),
          endpointId: o.endpoint,
          status: parseStatus(o.status),
          limit: o.limit,
          before: o.before,
        });
        const timeZone = zoneOf(await cli.setup.access.dispensaries.list(), belonging(o));
        cli.print(page, () => {
          const lines = [`Times in ${timeZone}.`, deliveryTable(page.deliveries, timeZone)];
          if (page.nextCursor) lines.push(`More: --before ${page.nextCursor}`);
          return lines.join('\n');
        });
      }, FIELDS),
    );
  webhooks
    .command('redeliver <deliveryId>')
    .description('Send a delivery again now (its id is in the deliveries list) and print how that try went')
    .action(
      action(async (cli, id: string) => {
        const delivery = await cli.setup.webhooks.redeliver(OPERATOR, id);
        const record = await new DeliveryLog(cli.db).find(cli.db, id);
        const stores = await cli.setup.access.dispensaries.list();
        const store = stores.find((entry) => entry.id === record?.dispensaryId);
        const timeZone = zoneOf(
          stores,
          store ? { shortName: store.shortName } : { organizationId: record?.organizationId },
        );
        cli.print(delivery, redeliveryLine(delivery, timeZone));
      }),
    );
}

/** `servicepay webhooks …`: integrators' endpoints and the log of what was sent to them. */
export function registerWebhookCommands(program: Command): void {
  const webhooks = program
    .command('webhooks')
    .description('Webhook endpoints of integrators (signed deliveries of order and payment events) and their log');
  registerEndpoints(webhooks);
  registerDeliveries(webhooks);
}
