import type { Role } from '../../../shared/permissions.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { ApiClientsRepository } from './api-clients-repository.js';
import { ApplicationsRepository } from './applications-repository.js';
import { hashPasswordSync, SCRYPT_COST, scryptCost } from './passwords.js';
import { UsersRepository } from './users-repository.js';

/** The documented demo logins (README, login screen). Demo credentials only: change them for real use. */
export const DEMO_USERS: readonly {
  username: string;
  password: string;
  role: Role;
  employeeRef: string | null;
  displayName: string;
  /** The PIN approving the cash movements the demo store guards (paid-outs). */
  pin?: string;
}[] = [
  { username: 'admin', password: 'admin-demo-1', role: 'admin', employeeRef: 'E0001', displayName: 'Alex Admin' },
  {
    username: 'manager',
    password: 'manager-demo-1',
    role: 'manager',
    employeeRef: 'E0101',
    displayName: 'Morgan Manager',
    pin: '2580',
  },
  {
    username: 'cashier',
    password: 'cashier-demo-1',
    role: 'cashier',
    employeeRef: 'E1001',
    displayName: 'Casey Cashier',
  },
  { username: 'display', password: 'display-demo-1', role: 'display', employeeRef: null, displayName: 'Pole display' },
];
export const DEMO_APPLICATIONS = ['servicepay-pos', 'servicepay-demo'] as const;
export const DEMO_CLIENT = { clientId: 'spc_demo', clientSecret: 'sps_demo_secret_change_me' } as const;

/**
 * Demo passwords and PINs are published (README, login screen), so their hashes tell nothing a
 * reader of the README does not know: the demo users' are shipped (each checked against its secret
 * by tests/unit/auth/passwords.test.ts), and any other demo secret (a demo chain's staff) is hashed
 * once per process. Five scrypt hashes (~0.75 s of CPU) saved on every demo start; the tests start
 * hundreds. The shipped ones are at the full cost: where SERVICEPAY_SCRYPT_COST lowers it (the test
 * suites), the demo secrets are hashed at that cost instead, so signing in as them is cheap too.
 */
const SHIPPED = new Map<string, string>([
  ['admin-demo-1', 'scrypt$32768$8$1$7Qz2NRwwoUinZLRO3nhIvQ$dWuIaFZ7ikNOsM0COoR0c9Xm_pnNWL7Kgk2FgOI5gHM'],
  ['manager-demo-1', 'scrypt$32768$8$1$hZlRZO9iMlL42Vgim63f6g$IZsm4syTy1zkpr0FdE4lG1JEt0IKCVVhB75fTfnabFk'],
  ['2580', 'scrypt$32768$8$1$wYl1I9_FWiLAu1DS0e98hQ$6PnolWJfhltd6ylrqv9GjnXsX8X5kGw1zjL4Z_rytxw'],
  ['cashier-demo-1', 'scrypt$32768$8$1$qj1v_jSlWqvr9Ll0xYBaUw$AAWIWokh2yWSvF1gIvlC9JXzwcRZo0n6D3r9dkMQiDM'],
  ['display-demo-1', 'scrypt$32768$8$1$3EOsTF4DFTDGuG8gBk54vw$YeaRn5E_y0qmaqF6ap3l85tFu-9h3i8_7ezew6lYkdM'],
]);

const made = new Map<string, string>();

/** The hash of a published demo secret: shipped, or made once per process. Never for a real password. */
export function demoSecretHash(secret: string): string {
  const shipped = scryptCost() === SCRYPT_COST ? SHIPPED.get(secret) : undefined;
  if (shipped !== undefined) return shipped;
  let hash = made.get(secret);
  if (hash === undefined) made.set(secret, (hash = hashPasswordSync(secret)));
  return hash;
}

/** What the demo seeding created, in plain text for people to try. */
export interface DemoLogins {
  users: { username: string; password: string; role: string; pin?: string }[];
  application: string;
  clientId: string;
  clientSecret: string;
}

/** Seeds the demo applications, users and API client for `organizationId`, in the caller's write. */
export async function seedDemoLogins(
  db: DataLayer,
  tx: Queryable,
  organizationId: string,
  now: Date,
): Promise<DemoLogins> {
  const applications = new ApplicationsRepository(db);
  for (const name of DEMO_APPLICATIONS) await applications.add(tx, name, now);
  const users = new UsersRepository(db);
  for (const user of DEMO_USERS) {
    await users.create(tx, { ...user, organizationId, passwordHash: demoSecretHash(user.password) }, now);
    if (user.pin) await users.setPinHash(tx, user.username, demoSecretHash(user.pin));
  }
  await new ApiClientsRepository(db).issue(tx, { organizationId, name: 'Demo storefront' }, now, DEMO_CLIENT);
  return {
    users: DEMO_USERS.map(({ username, password, role, pin }) => ({ username, password, role, ...(pin && { pin }) })),
    application: 'servicepay-demo',
    ...DEMO_CLIENT,
  };
}
