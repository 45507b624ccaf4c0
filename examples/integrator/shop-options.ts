import { parseArgs } from 'node:util';

/** How the example shop runs: where ServicePay is, where it listens, and who it is to ServicePay. */
export interface ShopOptions {
  serviceUrl: string;
  port: number;
  host: string;
  dispensary: string;
  /** The partner key's file and what `servicepay partners add` issued for its public key. */
  partner: { keyFile: string; certId: string; organizationId: string };
  clientId: string;
  clientSecret: string;
  webhookSecret?: string;
}

/** What the command line asks for: the help, a refusal in words, or a shop to run. */
export type ShopStart =
  { kind: 'help'; text: string } | { kind: 'refused'; text: string } | { kind: 'run'; options: ShopOptions };

const HELP = `Usage: npm run example -- [options]

  --service URL        ServicePay's address (env SERVICEPAY_URL, default http://127.0.0.1:4610)
  --port N             port of this example shop (default 4700)
  --host H             address to bind (default 127.0.0.1)
  --dispensary SHORT   dispensary short name (default demo)
  --partner-key FILE   the shop's partner private key, from servicepay jwt keygen (env EXAMPLE_PARTNER_KEY)
  --cert-id ID         the certId servicepay partners add issued for its public key (env EXAMPLE_CERT_ID)
  --org-id ID          the organizationId it issued with it (env EXAMPLE_ORG_ID)
  Secrets come from the environment: EXAMPLE_CLIENT_ID and EXAMPLE_CLIENT_SECRET (default the demo
  API client), and SERVICEPAY_WEBHOOK_SECRET, the secret of the endpoint POST /webhooks/servicepay
  receives for.
`;

/** Where the set-up commands keep the key pair: .data/ is git-ignored, so the key is never committed. */
const KEYS = '.data/example-partner';

/** The refusal of a shop with no partner: what is missing, and the commands that set one up. */
function noPartner(missing: string[]): string {
  return `The example shop needs a partner key to give shoppers' browsers a shopper token, which only pays.
Missing: ${missing.join(', ')}.

Register the shop as a partner of the store once (on npm start's data folder; add --data DIR for another):

  npx servicepay jwt keygen --out ${KEYS}
  npx servicepay orgs list          # the store's organization id
  npx servicepay partners add "Example shop" --org <organization id> --public-key ${KEYS}/public.pem

then start the shop with what partners add printed:

  npm run example -- --partner-key ${KEYS}/private.pem --cert-id <certId> --org-id <organizationId>

examples/README.md says more.
`;
}

/** Reads the shop's options from its arguments and environment. */
export function readShopOptions(args: string[], env: NodeJS.ProcessEnv): ShopStart {
  const { values } = parseArgs({
    args,
    options: {
      service: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      dispensary: { type: 'string' },
      'partner-key': { type: 'string' },
      'cert-id': { type: 'string' },
      'org-id': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { kind: 'help', text: HELP };
  const keyFile = values['partner-key'] ?? env.EXAMPLE_PARTNER_KEY;
  const certId = values['cert-id'] ?? env.EXAMPLE_CERT_ID;
  const organizationId = values['org-id'] ?? env.EXAMPLE_ORG_ID;
  // No fallback to a staff login: its token would let any shopper read the store's customers.
  const missing = [
    keyFile ? '' : '--partner-key (EXAMPLE_PARTNER_KEY)',
    certId ? '' : '--cert-id (EXAMPLE_CERT_ID)',
    organizationId ? '' : '--org-id (EXAMPLE_ORG_ID)',
  ].filter(Boolean);
  if (!keyFile || !certId || !organizationId) return { kind: 'refused', text: noPartner(missing) };
  return {
    kind: 'run',
    options: {
      serviceUrl: (values.service ?? env.SERVICEPAY_URL ?? 'http://127.0.0.1:4610').replace(/\/$/, ''),
      port: Number(values.port ?? 4700),
      host: values.host ?? '127.0.0.1',
      dispensary: values.dispensary ?? 'demo',
      partner: { keyFile, certId, organizationId },
      clientId: env.EXAMPLE_CLIENT_ID ?? 'spc_demo',
      clientSecret: env.EXAMPLE_CLIENT_SECRET ?? 'sps_demo_secret_change_me',
      webhookSecret: env.SERVICEPAY_WEBHOOK_SECRET,
    },
  };
}
