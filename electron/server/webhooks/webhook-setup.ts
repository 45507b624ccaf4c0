import { randomUUID } from 'node:crypto';
import type {
  DeliveryStatus,
  NewWebhookEndpointInput,
  WebhookDeliveryView,
  WebhookEndpointView,
} from '../../../shared/contracts/webhooks.js';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/contracts/webhooks.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { writeChangingCached } from '../db/epoch-cache.js';
import { OrganizationRepository } from '../dispensaries/organization-repository.js';
import { requirePermission, sees, type SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import { inListing, listingScope, resolveBelonging, storeNames, type Belonging } from '../dispensaries/store-names.js';
import { decodeCursor, encodeCursor } from '../db/newest-first.js';
import { WebhookDispatcher } from './dispatcher.js';
import { EndpointsRepository, type EndpointRecord } from './endpoints-repository.js';
import { DeliveryLog, type DeliveryRecord } from './delivery-log.js';
import { newSigningSecret } from './signing.js';
import { checkEndpointUrl } from './url-guard.js';

/** An endpoint with its secret: the only times the secret is shown (added, rotated). */
export interface EndpointWithSecret {
  endpoint: WebhookEndpointView;
  secret: string;
}

/** Which deliveries to list: a store's (or an organization's), one endpoint's, one status, a page. */
export interface DeliveryFilter extends Omit<Belonging, 'allStores'> {
  endpointId?: string;
  status?: DeliveryStatus;
  /** The `nextCursor` of the previous page. */
  before?: string;
  limit?: number;
}

const toView = (endpoint: EndpointRecord, shortName: string | null): WebhookEndpointView => ({
  id: endpoint.id,
  url: endpoint.url,
  description: endpoint.description,
  events: endpoint.events,
  dispensaryShortName: shortName,
  allowLocal: endpoint.allowLocal,
  disabled: endpoint.disabled,
  disabledReason: endpoint.disabledReason,
  disabledAt: endpoint.disabledAt,
  createdAt: endpoint.createdAt,
});

function toDeliveryView(record: DeliveryRecord): WebhookDeliveryView {
  const { organizationId: _organization, dispensaryId: _store, giveUpAt: _giveUp, ...view } = record;
  return { ...view, nextAttemptAt: record.status === 'pending' ? record.nextAttemptAt : null };
}

/**
 * Webhook endpoints of an organization or one of its stores, and their delivery log: the
 * `servicepay webhooks` command (the operator) and the back office's set-up routes (a manager with
 * `store:manage`) both call it.
 */
export class WebhookSetup {
  private readonly endpoints: EndpointsRepository;
  private readonly log: DeliveryLog;
  private readonly dispatcher: WebhookDispatcher;
  private readonly organizations: OrganizationRepository;

  constructor(private readonly access: StoreAccess) {
    this.endpoints = new EndpointsRepository(access.serverOnlyDb);
    this.organizations = new OrganizationRepository(access.serverOnlyDb);
    this.log = new DeliveryLog(access.serverOnlyDb);
    this.dispatcher = new WebhookDispatcher(access.serverOnlyDb, { now: access.now });
  }

  async list(actor: SetupActor, where: Omit<Belonging, 'allStores'> = {}): Promise<WebhookEndpointView[]> {
    const { organizationId, storeId } = await listingScope(this.access, actor, where, 'store:manage');
    const named = await storeNames(this.access);
    return (await this.endpoints.list(this.access.serverOnlyDb, organizationId))
      .filter((endpoint) => sees(actor, endpoint.organizationId, endpoint.dispensaryId))
      .filter((endpoint) => inListing(storeId, endpoint.dispensaryId))
      .map((endpoint) => toView(endpoint, named(endpoint.dispensaryId)));
  }

  async add(
    actor: SetupActor,
    where: Belonging,
    input: Omit<NewWebhookEndpointInput, 'allStores'>,
  ): Promise<EndpointWithSecret> {
    const allowLocal = input.allowLocal === true;
    if (input.url.length > 2000) throw invalidInput('url', 'must be at most 2000 characters');
    const url = checkEndpointUrl(input.url, allowLocal);
    const events = [...new Set(input.events)];
    if (events.length === 0) throw invalidInput('events', 'must name at least one event');
    const unknown = events.find((event) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(event));
    if (unknown !== undefined) {
      throw invalidInput('events', `has no event named ${unknown}; the events are ${WEBHOOK_EVENT_TYPES.join(', ')}`);
    }
    const description = (input.description ?? '').trim();
    if (description.length > 200) throw invalidInput('description', 'must be at most 200 characters');
    const { organizationId, store } = await resolveBelonging(this.access, actor, where, 'store:manage', 'a webhook');
    const endpoint: EndpointRecord = {
      id: `we_${randomUUID().replaceAll('-', '')}`,
      organizationId,
      dispensaryId: store?.id ?? null,
      url,
      description,
      events,
      secret: newSigningSecret(),
      allowLocal,
      disabled: false,
      disabledReason: null,
      disabledAt: null,
      createdAt: this.access.now().toISOString(),
    };
    await writeChangingCached(this.access.serverOnlyDb, async (tx) => {
      // Every store of an organization named by its id alone (the operator's --org): one there is.
      if (store === null && !(await this.organizations.find(tx, organizationId))) {
        throw invalidInput('organizationId', `does not name an organization: ${organizationId}`);
      }
      await this.endpoints.insert(tx, endpoint);
    });
    return { endpoint: toView(endpoint, store?.shortName ?? null), secret: endpoint.secret };
  }

  /** Disables an endpoint (nothing more is recorded for it) or enables it again. */
  async setDisabled(
    actor: SetupActor,
    id: string,
    disabled: boolean,
    shortName?: string,
  ): Promise<WebhookEndpointView> {
    const endpoint = await this.managed(actor, id, shortName);
    const at = this.access.now().toISOString();
    await writeChangingCached(this.access.serverOnlyDb, (tx) =>
      this.endpoints.setDisabled(tx, id, disabled ? { reason: 'manual', at } : null),
    );
    return this.view((await this.endpoints.find(this.access.serverOnlyDb, endpoint.id))!);
  }

  /** A new signing secret; the old one stops signing at once. */
  async rotateSecret(actor: SetupActor, id: string, shortName?: string): Promise<EndpointWithSecret> {
    const endpoint = await this.managed(actor, id, shortName);
    const secret = newSigningSecret();
    await this.access.serverOnlyDb.write((tx) => this.endpoints.setSecret(tx, id, secret));
    return { endpoint: await this.view(endpoint), secret };
  }

  /** The delivery log, newest first, a page at a time. */
  async deliveries(
    actor: SetupActor,
    filter: DeliveryFilter,
  ): Promise<{ deliveries: WebhookDeliveryView[]; nextCursor: string | null }> {
    const { organizationId, storeId } = await listingScope(this.access, actor, filter, 'store:manage');
    if (filter.endpointId !== undefined) await this.managed(actor, filter.endpointId, filter.shortName);
    const limit = filter.limit ?? 50;
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw invalidInput('limit', 'must be 1 to 200');
    const storeLogin = actor.kind === 'staff' ? (actor.principal.dispensaryId ?? undefined) : undefined;
    const chosen = {
      organizationId,
      dispensaryId: storeId ?? storeLogin,
      endpointStoreId: storeLogin,
      endpointId: filter.endpointId,
      status: filter.status,
    };
    // A cursor pages the log of the stores and filters it was issued for, and no other.
    const list = { name: 'webhook-deliveries', filter: chosen, field: 'before' };
    const rows = await this.log.list(this.access.serverOnlyDb, {
      ...chosen,
      after: filter.before === undefined ? undefined : decodeCursor(list, filter.before),
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      deliveries: page.map(toDeliveryView),
      nextCursor: rows.length > limit && last ? encodeCursor(list, last.createdAt, last.id) : null,
    };
  }

  /** Sends a delivery again now, and answers it with that try's result. */
  async redeliver(actor: SetupActor, deliveryId: string, shortName?: string): Promise<WebhookDeliveryView> {
    const delivery = await this.log.find(this.access.serverOnlyDb, deliveryId);
    if (!delivery) throw new ServicePayError('NOT_FOUND', `no webhook delivery ${deliveryId}`);
    const endpoint = await this.managed(actor, delivery.endpointId, shortName);
    // Checked again by the try's claim and just before it is sent (a disable may come meanwhile).
    if (endpoint.disabled || !(await this.dispatcher.redeliver(deliveryId))) {
      throw new ServicePayError('CONFLICT', `the endpoint ${endpoint.url} is disabled; enable it before redelivering`);
    }
    return toDeliveryView((await this.log.find(this.access.serverOnlyDb, deliveryId))!);
  }

  /** The endpoint `id`, when the actor manages it (and it serves `shortName`, when named). */
  private async managed(actor: SetupActor, id: string, shortName?: string): Promise<EndpointRecord> {
    requirePermission(actor, 'store:manage');
    const store = shortName === undefined ? undefined : await this.access.store(actor, shortName);
    const endpoint = await this.endpoints.find(this.access.serverOnlyDb, id);
    const atStore = !store || endpoint?.dispensaryId === store.id || endpoint?.dispensaryId === null;
    if (!endpoint || !atStore || (store && endpoint.organizationId !== store.organizationId)) {
      throw new ServicePayError('NOT_FOUND', `no webhook endpoint ${id}`);
    }
    if (!sees(actor, endpoint.organizationId, endpoint.dispensaryId)) {
      throw new ServicePayError('FORBIDDEN', `webhook endpoint ${id} is not one you manage`);
    }
    return endpoint;
  }

  private async view(endpoint: EndpointRecord): Promise<WebhookEndpointView> {
    return toView(endpoint, (await storeNames(this.access))(endpoint.dispensaryId));
  }
}
