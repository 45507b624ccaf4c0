import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { PartnerTokens } from './integrator/partner-tokens.js';
import { createHandler } from './integrator/routes.js';
import { ServiceClient } from './integrator/service-client.js';
import { readShopOptions } from './integrator/shop-options.js';

/**
 * An integrator's web shop on its own origin, taking payments with the ServicePay SDK:
 *
 *   npm run example -- --partner-key private.pem --cert-id <certId> --org-id <organizationId>
 *
 * It creates tickets server-side as its partner; the browser gets only a shopper token for
 * authTokenFactory, never the partner key or the API client secret (examples/README.md).
 */
const start = readShopOptions(process.argv.slice(2), process.env);
if (start.kind !== 'run') {
  (start.kind === 'help' ? process.stdout : process.stderr).write(start.text);
  process.exit(start.kind === 'help' ? 0 : 1);
}
const { options } = start;

let tokens: PartnerTokens;
try {
  const { keyFile, certId, organizationId } = options.partner;
  tokens = new PartnerTokens(options.serviceUrl, {
    certId,
    organizationId,
    privateKeyPem: readFileSync(keyFile, 'utf8'),
  });
} catch (error) {
  // A file system error says it in words; the key's own check already does.
  const fileError = (error as NodeJS.ErrnoException).code;
  const reason =
    fileError === 'ENOENT' ? 'there is no such file' : fileError ? 'it cannot be read' : (error as Error).message;
  process.stderr.write(`The example shop cannot use ${options.partner.keyFile}: ${reason}.\n`);
  process.exit(1);
}
const client = new ServiceClient(
  {
    serviceUrl: options.serviceUrl,
    dispensary: options.dispensary,
    organizationId: options.partner.organizationId,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
  },
  tokens,
);

const { serviceUrl, port, host } = options;
const server = createServer(createHandler(client, new URL(serviceUrl).origin, options.webhookSecret));
server.listen(port, host, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`example shop on http://${host}:${actual}/ (ServicePay at ${serviceUrl})`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    // Order pages follow their orders on open streams, which would keep the server from closing.
    server.closeAllConnections();
  });
}
