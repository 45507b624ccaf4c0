import { createInterface } from 'node:readline/promises';
import { openDataLayer } from '../../electron/server/db/open-data-layer.js';
import { attachRegister } from '../../electron/server/registers/attach-register.js';
import { serverBaseUrl } from '../../electron/server/registers/server-client.js';
import { ServerLinkRepository } from '../../electron/server/registers/server-link-repository.js';
import { readSecret } from './read-secret.js';

/** What `npm start -- --server URL` needs to attach the register on its first start. */
export interface AttachAtStart {
  server: string;
  dataDir: string;
  terminalId: string;
  log: (line: string) => void;
}

/** Asks on the terminal (the answer shown as it is typed). */
async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

/**
 * Before the app starts: a register started with `--server URL` that is not attached yet is
 * attached now (the store and a manager's sign-in asked on the terminal, once); one attached to
 * that server already starts as it is. Throws an Error in words when it cannot.
 */
export async function attachAtStart(options: AttachAtStart): Promise<void> {
  const base = serverBaseUrl(options.server);
  const db = await openDataLayer({ dataDir: options.dataDir, poolSize: 1, listen: false });
  try {
    const link = await new ServerLinkRepository(db).get(db);
    if (link?.serverUrl === base) return;
    if (!process.stdin.isTTY) {
      throw new Error(
        `this register is not attached to ${base} yet: run "servicepay --data ${options.dataDir} attach --server ${base} ` +
          `--dispensary <store> --name ${options.terminalId} --username <manager>" first, or start on a terminal`,
      );
    }
    options.log(`Attaching register ${options.terminalId} to ${base}: a manager of the store signs in once.`);
    const dispensary = await ask("The store's short name on the server: ");
    const username = await ask("Manager's username: ");
    const password = await readSecret('Password: ');
    const input = { serverUrl: base, dispensary, name: options.terminalId, username, password };
    const attached = await attachRegister(db, input, () => new Date());
    options.log(`Register ${options.terminalId} is attached to ${attached.dispensaryName}.`);
  } finally {
    await db.close();
  }
}
