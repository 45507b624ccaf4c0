import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { createHandler } from './integrator/routes.js';
import { ServiceClient } from './integrator/service-client.js';

/**
 * An integrator's web shop on its own origin, taking payments with the ServicePay SDK:
 *
 *   npm run example -- --service http://127.0.0.1:4610 --port 4700
 *
 * It logs in to ServicePay and creates tickets server-side; the browser gets only a bearer token
 * for authTokenFactory, never the API client secret. Defaults are the demo store's logins.
 */
const HELP = `Usage: npm run example -- [options]

  --service URL        ServicePay's address (env SERVICEPAY_URL, default http://127.0.0.1:4610)
  --port N             port of this example shop (default 4700)
  --host H             address to bind (default 127.0.0.1)
  --dispensary SHORT   dispensary short name (default demo)
  --application NAME   x-application of the staff login (default servicepay-demo)
  --user NAME          staff user whose token the SDK uses (env EXAMPLE_USER, default manager)
  Secrets come from the environment: EXAMPLE_PASSWORD (default the demo manager's),
  EXAMPLE_CLIENT_ID and EXAMPLE_CLIENT_SECRET (default the demo API client), and
  SERVICEPAY_WEBHOOK_SECRET, the secret of the endpoint POST /webhooks/servicepay receives for.
`;

const { values } = parseArgs({
  options: {
    service: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    dispensary: { type: 'string' },
    application: { type: 'string' },
    user: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}

const env = process.env;
const serviceUrl = (values.service ?? env.SERVICEPAY_URL ?? 'http://127.0.0.1:4610').replace(/\/$/, '');
const port = Number(values.port ?? 4700);
const host = values.host ?? '127.0.0.1';
const client = new ServiceClient({
  serviceUrl,
  dispensary: values.dispensary ?? 'demo',
  application: values.application ?? 'servicepay-demo',
  username: values.user ?? env.EXAMPLE_USER ?? 'manager',
  password: env.EXAMPLE_PASSWORD ?? 'manager-demo-1',
  clientId: env.EXAMPLE_CLIENT_ID ?? 'spc_demo',
  clientSecret: env.EXAMPLE_CLIENT_SECRET ?? 'sps_demo_secret_change_me',
});

const server = createServer(createHandler(client, new URL(serviceUrl).origin, env.SERVICEPAY_WEBHOOK_SECRET));
server.listen(port, host, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`example shop on http://${host}:${actual}/ (ServicePay at ${serviceUrl})`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
