// `servicepay … --data DIR` on a folder that holds no database (a mistyped path): a refused command
// says the folder held none and leaves nothing behind; one that succeeds keeps the database it made.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runServicepay } from '../../support/cli-in-process.js';
import { scratchFolder } from '../../support/scratch-folder.js';
import { SERVICEPAY_BIN } from '../../support/service-process.js';

const root = scratchFolder('servicepay-data-folder-');

describe('servicepay on a folder without a database', { timeout: 60_000 }, () => {
  it('refuses a store it cannot find, saying the folder held no database, and makes neither file nor folder', async () => {
    const data = join(root, 'no-such-store');
    const run = await runServicepay(['deals', 'list', '--dispensary', 'demo', '--data', data]);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `servicepay: no dispensary has the short name demo (${data} held no database: is --data the store's folder?)`,
    );
    expect(existsSync(data)).toBe(false);
  });

  it('says a register is standalone only where its data is: link on a mistyped folder refuses and makes nothing', async () => {
    const data = join(root, 'front-2-mistyped');
    const run = await runServicepay(['--data', data, 'link']);
    expect([run.status, run.stdout, run.stderr]).toEqual([
      1,
      '',
      `servicepay: ${data} holds no register's data: there is no link to show ` +
        `(${data} held no database: is --data the store's folder?)\n`,
    ]);
    expect(existsSync(data)).toBe(false);
    const refreshed = await runServicepay(['--data', data, 'link', '--refresh']);
    expect(refreshed.stderr).toContain("holds no register's data");
    expect(existsSync(data)).toBe(false);
    // A register's folder, attached to nothing, is standalone.
    const register = join(root, 'standalone');
    expect((await runServicepay(['--data', register, 'orgs', 'add', 'Mesa Verde Cannabis Co.'])).status).toBe(0);
    const standalone = await runServicepay(['--data', register, 'link']);
    expect([standalone.status, standalone.stdout]).toEqual([
      0,
      'This register is standalone: it is attached to no store server.\n',
    ]);
  });

  it('leaves a folder that was there as it was, and says the same with --json', async () => {
    const data = join(root, 'empty');
    mkdirSync(data);
    const run = await runServicepay(['--json', 'deals', 'list', '--dispensary', 'demo', '--data', data]);
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ resultReason: 'NOT_FOUND', resultDetail: /held no database/ });
    expect(readdirSync(data)).toEqual([]);
  });

  it('refuses a file given as the folder, and leaves it as it was', async () => {
    const data = join(root, 'notes.txt');
    writeFileSync(data, 'not a folder\n');
    const run = await runServicepay(['orgs', 'list', '--data', data]);
    expect([run.status, run.stdout, run.stderr]).toEqual([
      1,
      '',
      `servicepay: --data ${data} cannot hold the database: it is a file, not a folder\n`,
    ]);
    expect(readFileSync(data, 'utf8')).toBe('not a folder\n');
  });

  it.runIf(existsSync('/proc/self'))('refuses at once a folder the system makes nothing in (/proc)', () => {
    // Node's own recursive mkdir went round for ever there: the run must end by itself, well before the timeout.
    const run = spawnSync(process.execPath, [SERVICEPAY_BIN, 'orgs', 'list', '--data', '/proc/nope'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.error).toBeUndefined();
    expect(run.signal).toBeNull();
    expect([run.status, run.stdout, run.stderr]).toEqual([
      1,
      '',
      'servicepay: --data /proc/nope cannot hold the database: the system makes no files or folders there\n',
    ]);
  });

  it.runIf(existsSync('/proc/self'))('refuses at once a key folder the system makes nothing in, or a file', () => {
    const keygen = (out: string) =>
      spawnSync(process.execPath, [SERVICEPAY_BIN, 'jwt', 'keygen', '--out', out], {
        encoding: 'utf8',
        timeout: 30_000,
      });
    const inProc = keygen('/proc/nope');
    expect([inProc.error, inProc.signal, inProc.status, inProc.stderr]).toEqual([
      undefined,
      null,
      1,
      'servicepay: --out: cannot write the keys in /proc/nope: the system makes no files or folders there\n',
    ]);
    const file = join(root, 'not-a-folder');
    writeFileSync(file, '');
    const onFile = keygen(file);
    expect([onFile.status, onFile.stderr]).toEqual([
      1,
      `servicepay: --out: cannot write the keys in ${file}: it is a file, not a folder\n`,
    ]);
  });

  it("writes the examples README's key pair where it says, making the folders, and names that public key for partners add", () => {
    // Run as examples/README.md writes it, from a project folder where .data/ does not exist yet.
    const readme = readFileSync(new URL('../../../examples/README.md', import.meta.url), 'utf8');
    const command = /^npx servicepay (jwt keygen --out (\S+))/m.exec(readme);
    const out = command?.[2] ?? '';
    expect(out).toBe('.data/example-partner');
    expect(readme).toContain(`--public-key ${out}/public.pem`);
    const project = join(root, 'shop-project');
    mkdirSync(project);
    const keygen = () =>
      spawnSync(process.execPath, [SERVICEPAY_BIN, ...command![1]!.split(' ')], {
        cwd: project,
        encoding: 'utf8',
        timeout: 30_000,
      });
    const first = keygen();
    expect([first.status, first.stderr, first.stdout]).toEqual([
      0,
      '',
      `Wrote ${out}/private.pem (ES256, mode 0600) and ${out}/public.pem.\n` +
        `Register the public key: servicepay partners add <name> --org <organizationId> --public-key ${out}/public.pem\n`,
    ]);
    expect(readdirSync(join(project, out)).sort()).toEqual(['private.pem', 'public.pem']);
    expect(readFileSync(join(project, out, 'public.pem'), 'utf8')).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    // Run again, it keeps the pair the shop was registered with.
    const again = keygen();
    expect([again.status, again.stderr]).toEqual([
      1,
      `servicepay: ${out} already holds a key pair; not overwriting it\n`,
    ]);
  });

  it('keeps the database a command made when it succeeds, and then finds what it wrote', async () => {
    const data = join(root, 'new-store');
    const added = await runServicepay(['--json', 'orgs', 'add', 'Mesa Verde Cannabis Co.', '--data', data]);
    expect(added.status, added.stderr).toBe(0);
    expect(readdirSync(data)).toContain('servicepay.db');
    const listed = await runServicepay(['--json', 'orgs', 'list', '--data', data]);
    expect(listed.status, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ name: 'Mesa Verde Cannabis Co.' })]);
  });
});
