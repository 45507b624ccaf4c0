import type { ApiClientView } from '../../../shared/contracts/setup-people.js';
import { ServicePayError } from '../../../shared/errors.js';
import { ApiClientsRepository, type ApiClientRecord } from '../auth/api-clients-repository.js';
import { requirePermission, sees, type SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import { inListing, listingScope, resolveBelonging, storeNames, type Belonging } from '../dispensaries/store-names.js';
import { writeChangingCached } from '../db/epoch-cache.js';

const toView = (client: ApiClientRecord, shortName: string | null): ApiClientView => ({
  clientId: client.clientId,
  name: client.name,
  dispensaryShortName: shortName,
  disabled: client.disabled,
  createdAt: client.createdAt,
});

/** A client just issued: the only time its secret exists in plain text. */
export interface IssuedApiClient {
  client: ApiClientView;
  clientSecret: string;
}

/**
 * API clients of the ticket API (`client_id` + `client_secret`, beside a bearer token): a web shop's
 * backend, an integration. Limited to one store unless an organization-wide manager makes it for
 * every store. Registers enroll their own (`terminal …`) when staff sign in.
 */
export class ApiClientSetup {
  private readonly clients: ApiClientsRepository;

  constructor(private readonly access: StoreAccess) {
    this.clients = new ApiClientsRepository(access.serverOnlyDb);
  }

  /** The clients of store `shortName` (and, for organization-wide managers, the organization's), or of an organization. */
  async list(actor: SetupActor, where: Omit<Belonging, 'allStores'> = {}): Promise<ApiClientView[]> {
    const named = await storeNames(this.access);
    const { organizationId, storeId } = await listingScope(this.access, actor, where, 'store:manage');
    return (await this.clients.list(this.access.serverOnlyDb, organizationId))
      .filter((client) => sees(actor, client.organizationId, client.dispensaryId))
      .filter((client) => inListing(storeId, client.dispensaryId))
      .map((client) => toView(client, named(client.dispensaryId)));
  }

  async issue(actor: SetupActor, where: Belonging, name: string): Promise<IssuedApiClient> {
    const { organizationId, store } = await resolveBelonging(
      this.access,
      actor,
      where,
      'store:manage',
      'an API client',
    );
    const issued = await this.access.serverOnlyDb.write((tx) =>
      this.clients.issue(tx, { organizationId, dispensaryId: store?.id ?? null, name }, this.access.now()),
    );
    const client = (await this.clients.find(this.access.serverOnlyDb, issued.clientId))!;
    return { client: toView(client, store?.shortName ?? null), clientSecret: issued.clientSecret };
  }

  /** Disables a client: its requests are refused at once. */
  async disable(actor: SetupActor, clientId: string, shortName?: string): Promise<ApiClientView> {
    requirePermission(actor, 'store:manage');
    const store = shortName === undefined ? undefined : await this.access.store(actor, shortName);
    const named = await storeNames(this.access);
    return writeChangingCached(this.access.serverOnlyDb, async (tx) => {
      const client = await this.clients.find(tx, clientId);
      const atStore = !store || client?.dispensaryId === store.id || client?.dispensaryId === null;
      if (!client || !atStore) throw new ServicePayError('NOT_FOUND', `no API client ${clientId}`);
      if (!sees(actor, client.organizationId, client.dispensaryId)) {
        throw new ServicePayError('FORBIDDEN', `API client ${clientId} is not one you manage`);
      }
      await this.clients.disable(tx, clientId);
      return toView({ ...client, disabled: true }, named(client.dispensaryId));
    });
  }
}
