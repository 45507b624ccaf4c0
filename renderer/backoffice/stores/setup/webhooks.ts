import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type {
  DeliveryStatus,
  NewWebhookEndpointInput,
  WebhookDeliveryView,
  WebhookEndpointView,
} from '../../../../shared/contracts/webhooks';
import { LatestRead } from '../../../common/latest-read';
import { api, segment, SETUP } from './setup-api';

const WEBHOOKS = `${SETUP}/webhooks`;
/** Deliveries per page of the log. */
const PAGE = 25;

/** An endpoint just added or given a new secret: the secret is in this answer only. */
export interface IssuedSecret {
  endpoint: WebhookEndpointView;
  secret: string;
}

/**
 * The store's webhook endpoints and their delivery log (newest first, page by page). Actions throw
 * the service's refusal (ApiError); the screen shows it (common/use-service-call.ts).
 */
export const useWebhooksStore = defineStore('webhooks', () => {
  const endpoints = ref<WebhookEndpointView[]>([]);
  const deliveries = ref<WebhookDeliveryView[]>([]);
  const logReads = new LatestRead();
  const nextCursor = ref<string | null>(null);
  /** The log's filters: one endpoint ('' for all) and one status ('' for every status). */
  const endpointId = ref('');
  const status = ref<DeliveryStatus | ''>('');
  /** Endpoints the service turned off because their deliveries kept failing: the organization is told. */
  const failing = computed(() => endpoints.value.filter((e) => e.disabled && e.disabledReason === 'failing'));

  async function loadEndpoints(): Promise<void> {
    endpoints.value = (await api().get<{ endpoints: WebhookEndpointView[] }>(WEBHOOKS)).endpoints;
  }

  function keep(endpoint: WebhookEndpointView): void {
    const at = endpoints.value.findIndex((known) => known.id === endpoint.id);
    if (at >= 0) endpoints.value.splice(at, 1, endpoint);
    else endpoints.value.push(endpoint);
  }

  async function add(input: NewWebhookEndpointInput): Promise<IssuedSecret> {
    const issued = await api().post<IssuedSecret>(WEBHOOKS, input);
    keep(issued.endpoint);
    return issued;
  }

  async function setDisabled(id: string, disabled: boolean): Promise<WebhookEndpointView> {
    const action = disabled ? 'disable' : 'enable';
    const { endpoint } = await api().post<{ endpoint: WebhookEndpointView }>(`${WEBHOOKS}/${segment(id)}/${action}`);
    keep(endpoint);
    return endpoint;
  }

  async function rotateSecret(id: string): Promise<IssuedSecret> {
    const issued = await api().post<IssuedSecret>(`${WEBHOOKS}/${segment(id)}/rotate-secret`);
    keep(issued.endpoint);
    return issued;
  }

  /**
   * The log's newest page under the filters, or (`older`) the page after the last one shown. Only
   * the last read asked is shown: one answering late (another endpoint or status chosen since) is
   * dropped, and so is its failure.
   */
  async function loadDeliveries(older = false): Promise<void> {
    const latest = logReads.begin();
    const params = new URLSearchParams({ limit: String(PAGE) });
    if (endpointId.value) params.set('endpointId', endpointId.value);
    if (status.value) params.set('status', status.value);
    if (older && nextCursor.value) params.set('before', nextCursor.value);
    // A cursor pages only the list it came with: none is offered until the list of new filters answers.
    else nextCursor.value = null;
    let page: { deliveries: WebhookDeliveryView[]; nextCursor: string | null };
    try {
      page = await api().get<typeof page>(`${WEBHOOKS}/deliveries?${params}`);
    } catch (failure) {
      if (latest()) throw failure;
      return;
    }
    if (!latest()) return;
    deliveries.value = older ? [...deliveries.value, ...page.deliveries] : page.deliveries;
    nextCursor.value = page.nextCursor;
  }

  /** Sends a delivery again now; the answer is that attempt's result, shown in its row. */
  async function redeliver(id: string): Promise<WebhookDeliveryView> {
    const { delivery } = await api().post<{ delivery: WebhookDeliveryView }>(
      `${WEBHOOKS}/deliveries/${segment(id)}/redeliver`,
    );
    const at = deliveries.value.findIndex((known) => known.id === id);
    if (at >= 0) deliveries.value.splice(at, 1, delivery);
    return delivery;
  }

  function reset(): void {
    logReads.dropAll();
    endpoints.value = [];
    deliveries.value = [];
    nextCursor.value = null;
    endpointId.value = '';
    status.value = '';
  }

  return {
    endpoints,
    deliveries,
    nextCursor,
    endpointId,
    status,
    failing,
    loadEndpoints,
    add,
    setDisabled,
    rotateSecret,
    loadDeliveries,
    redeliver,
    reset,
  };
});
