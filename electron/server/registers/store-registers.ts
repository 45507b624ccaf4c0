import { DEFAULT_TERMINAL_ID } from '../../../shared/contracts/desktop.js';
import { isBackOfficeTerminal } from '../../../shared/terminal-id.js';
import { AccessTokensRepository } from '../auth/access-tokens-repository.js';
import { ApiClientsRepository } from '../auth/api-clients-repository.js';
import { ShiftsRepository } from '../cash/shifts-repository.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { RegistersRepository } from './registers-repository.js';

/**
 * The registers a store has, by terminal id: the ones attached to it (enrolled, not revoked), the
 * ones its staff signed in at (a session now, or the API client the POS was given at sign-in), and
 * the ones that opened a drawer there. A back-office machine (`bo-…`) is no register. A store has
 * no list of its own: a register is known by what it did there, and a store with none attached
 * has `front-1`, the register `npm start` and the desktop app open unless told another.
 */
export class StoreRegisters {
  private readonly enrolled: RegistersRepository;
  private readonly tokens: AccessTokensRepository;
  private readonly clients: ApiClientsRepository;
  private readonly shifts: ShiftsRepository;
  /** How a register becomes one of the store's, as a refusal of another name says it. */
  readonly howOneIsKnown =
    "a register becomes one of the store's once someone signs in at it, or once it is attached to the store server";

  constructor(private readonly db: DataLayer) {
    this.enrolled = new RegistersRepository(db);
    this.tokens = new AccessTokensRepository(db);
    this.clients = new ApiClientsRepository(db);
    this.shifts = new ShiftsRepository(db);
  }

  /** The store's registers at `now`, sorted by terminal id. */
  async of(store: Dispensary, now: Date): Promise<string[]> {
    const [enrolled, signedIn, withClients, withDrawers] = await Promise.all([
      this.enrolled.ofStore(this.db, store.id),
      this.tokens.signedInTerminals(this.db, store.organizationId, store.id, now),
      this.clients.terminalsWithClients(this.db, store.organizationId, store.id),
      this.shifts.terminals(this.db, store.id),
    ]);
    const attached = enrolled.filter((register) => register.revokedAt === null).map((register) => register.name);
    const standalone = attached.length === 0 ? [DEFAULT_TERMINAL_ID] : [];
    const all = new Set([...attached, ...standalone, ...signedIn, ...withClients, ...withDrawers]);
    return [...all].filter((terminalId) => !isBackOfficeTerminal(terminalId)).sort();
  }
}
