import { createPrivateKey, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { exportPKCS8, exportSPKI, generateKeyPair, importPKCS8, SignJWT } from 'jose';
import { ServicePayError } from '../../../shared/errors.js';
import { MAX_JWT_LIFETIME_SECONDS } from '../../server/auth/partner-jwt.js';
import { folderWords, makeFolder } from '../../server/db/sqlite/make-folder.js';
import { fileAction } from '../cli-context.js';

const ALGORITHMS = ['ES256', 'RS256'] as const;
type Algorithm = (typeof ALGORITHMS)[number];

/** Refuses the command in words (fileAction prints it, and the exit code is 1). */
function fail(message: string): never {
  throw new ServicePayError('INVALID_INPUT', message);
}

function ttl(value: string): number {
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_JWT_LIFETIME_SECONDS) {
    throw new InvalidArgumentError(`must be a whole number of seconds from 1 to ${MAX_JWT_LIFETIME_SECONDS}`);
  }
  return seconds;
}

/** RS256 for an RSA key, ES256 for an EC P-256 key; undefined for anything else. */
function algorithmOfKey(pem: string): Algorithm | undefined {
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType === 'rsa') return 'RS256';
    if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  } catch {
    // not a private key at all
  }
  return undefined;
}

/** `servicepay jwt keygen|sign`: the partner signing helper of spec 5.4. Needs no database. */
export function registerJwtCommands(program: Command): void {
  const jwt = program.command('jwt').description('Partner JWT helper (v3 auth): make a key pair, sign tokens');

  jwt
    .command('keygen')
    .description('Write a new key pair: private.pem (keep it secret) and public.pem (send it to the operator)')
    .requiredOption('--out <dir>', 'folder to write the keys to')
    .option('--alg <alg>', `ES256 (default) or RS256`, 'ES256')
    .action(
      fileAction(async (cli, options: { out: string; alg: string }) => {
        if (!(ALGORITHMS as readonly string[]).includes(options.alg)) fail(`--alg must be ${ALGORITHMS.join(' or ')}`);
        const privatePath = join(options.out, 'private.pem');
        const publicPath = join(options.out, 'public.pem');
        if (existsSync(privatePath) || existsSync(publicPath))
          fail(`${options.out} already holds a key pair; not overwriting it`);
        const { privateKey, publicKey } = await generateKeyPair(options.alg, {
          extractable: true,
          modulusLength: 3072,
        });
        try {
          makeFolder(options.out);
        } catch (error) {
          const why = folderWords(error);
          if (why === undefined) throw error;
          fail(`--out: cannot write the keys in ${options.out}: ${why}`);
        }
        writeFileSync(privatePath, await exportPKCS8(privateKey), { mode: 0o600 });
        writeFileSync(publicPath, await exportSPKI(publicKey), { mode: 0o644 });
        cli.print(
          { algorithm: options.alg, privateKey: privatePath, publicKey: publicPath },
          [
            `Wrote ${privatePath} (${options.alg}, mode 0600) and ${publicPath}.`,
            `Register the public key: servicepay partners add <name> --org <organizationId> --public-key ${publicPath}`,
          ].join('\n'),
        );
      }),
    );

  jwt
    .command('sign')
    .description('Sign a short-lived JWT for the service (kid = iss = certId, oid, aud, iat, exp, jti)')
    .requiredOption('--key <file>', 'the private key (PEM, PKCS#8) written by keygen')
    .requiredOption('--cert-id <certId>', 'the certId issued when the public key was registered')
    .requiredOption('--org-id <organizationId>', 'the organizationId issued with it')
    .option('--aud <audience>', 'audience of the service', 'servicepay')
    .option('--ttl <seconds>', `lifetime, at most ${MAX_JWT_LIFETIME_SECONDS}`, ttl, MAX_JWT_LIFETIME_SECONDS)
    .option('--scope <scope>', '"shopper": a token for a shopper\'s browser, which only pays (README "Authentication")')
    .action(
      fileAction(
        async (
          cli,
          options: { key: string; certId: string; orgId: string; aud: string; ttl: number; scope?: string },
        ) => {
          if (options.scope !== undefined && options.scope !== 'shopper') {
            fail(`--scope is "shopper" (a token for a shopper's browser) or left out, not "${options.scope}"`);
          }
          let pem: string;
          try {
            pem = readFileSync(options.key, 'utf8');
          } catch {
            fail(`cannot read ${options.key}`);
          }
          const algorithm = algorithmOfKey(pem);
          if (!algorithm) fail(`${options.key} is not an RSA or EC P-256 private key`);
          let key;
          try {
            key = await importPKCS8(pem, algorithm);
          } catch {
            fail(`${options.key} is not a PKCS#8 private key for ES256 or RS256`);
          }
          const now = Math.floor(Date.now() / 1000);
          const jti = randomUUID();
          const token = await new SignJWT({ oid: options.orgId, ...(options.scope && { scope: options.scope }) })
            .setProtectedHeader({ alg: algorithm, kid: options.certId, typ: 'JWT' })
            .setIssuer(options.certId)
            .setAudience(options.aud)
            .setIssuedAt(now)
            .setExpirationTime(now + options.ttl)
            .setJti(jti)
            .sign(key);
          cli.print({ token, algorithm, jti, expiresAt: new Date((now + options.ttl) * 1000).toISOString() }, token);
        },
      ),
    );
}
