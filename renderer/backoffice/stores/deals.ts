import { defineStore } from 'pinia';
import type { StoreSettings } from '../../../shared/contracts/setup';
import { useLeaveGuard } from '../../common/use-leave-guard';
import { computed, ref, shallowRef, watch } from 'vue';
import type { DealAnswer, DealCreate, Deals, DealView } from '../../../shared/contracts/deals';
import type { ProductAnswer, ProductPage } from '../../../shared/contracts/products';
import { NO_ANSWER, refusalOf, serviceSaid } from '../../common/refusal';
import { LatestRead } from '../../common/latest-read';
import { draftOfDeal, sameDealDraft, type DealDraft, type NamedProduct } from '../logic/deal-draft';
import { dealPatchOf } from '../logic/deal-fields';
import { actionWords, DEAL_FIELD_LABELS, type DealStatus } from '../logic/deal-words';
import { useProductTagsStore } from './product-tags';
import { usedUp, usedUpWords } from '../../../shared/deals/use-words';
import { DISPENSARY } from './session';
import { api, segment, SETUP } from './setup/setup-api';

const DEALS = `${SETUP}/deals`;

/** What the right-hand side shows: nothing, the open deal's form, or a new deal's. */
export type DealPane = 'none' | 'edit' | 'add';

const named = (product: { productId: string; name: string; sku: string | null }): NamedProduct => ({
  id: product.productId,
  name: product.name,
  sku: product.sku ?? '',
});

/**
 * The back office's Deals (README "Deals"; issue 31): the store's deals by status (active, paused,
 * archived), one opened to change, pause, resume or archive, or a new one added. The form's draft
 * lives here, so it outlasts a visit to another tab; leaving it with changes unsaved asks first.
 * Saving throws the service's refusal for the form to put beside its field.
 */
export const useDealsStore = defineStore('deals', () => {
  const status = ref<DealStatus>('active');
  const rows = ref<DealView[]>([]);
  const loaded = ref(false);
  const loading = ref(false);
  const error = ref('');
  /** What the last action did, for a status line. */
  const message = ref('');
  const pane = ref<DealPane>('none');
  /** The deal as its form was opened (a change is what differs from it). */
  const selected = shallowRef<DealView | null>(null);
  const draft = ref<DealDraft>(draftOfDeal(null));
  const baseline = shallowRef<DealDraft>(draftOfDeal(null));
  const unsaved = computed(() => pane.value !== 'none' && !sameDealDraft(draft.value, baseline.value));
  /** Opening another one, adding one or closing the form asks first when changes are unsaved. */
  const { leaving, leave, answerLeaving } = useLeaveGuard(unsaved);
  // "Added Wednesday edibles." is of the form as saved: a change typed since makes it past news.
  watch(unsaved, (changed) => {
    if (changed) message.value = '';
  });
  /** The store's categories (FLOWER, EDIBLE, …) and the brands its products have: the scope's choices. */
  const categories = ref<string[]>([]);
  const brands = ref<string[]>([]);
  /** The tiers of the store's loyalty programme (by name): a deal may be for one of them. */
  const tiers = ref<string[]>([]);

  const words = (failure: unknown) => serviceSaid(failure, NO_ANSWER);
  /** A refusal of a deal's own checks (a resumed bundle that saves nothing), its field named as the form labels it. */
  const checkWords = (failure: unknown) => refusalOf(failure, DEAL_FIELD_LABELS).sentence;
  const reads = new LatestRead();

  /**
   * The deals of `next` status (the one shown by default). Only the last read asked is shown:
   * another status (or the same again) asked meanwhile drops this one's answer and its failure.
   */
  async function load(next: DealStatus = status.value): Promise<void> {
    status.value = next;
    await reads.run(
      { loading, error },
      () => api().get<Deals>(`${DEALS}?status=${next}`),
      (answer) => {
        rows.value = answer.deals;
        loaded.value = true;
      },
      words,
    );
  }

  /**
   * The categories, brands and tags the scope offers (read once; a failure leaves them to be typed);
   * the tags are the products' (product-tags.ts).
   */
  async function loadChoices(): Promise<void> {
    const [groups, products, settings] = await Promise.all([
      api().get<{ categories: { type: string }[] }>(`/v2.0/dispensary/${DISPENSARY}/catalog/categories`),
      api().get<ProductPage>(`${SETUP}/products?limit=200`),
      api().get<{ store: StoreSettings }>(`${SETUP}/store`),
      useProductTagsStore().load(),
    ]);
    tiers.value = settings.store.loyalty.enabled ? settings.store.loyalty.tiers.map((tier) => tier.name) : [];
    categories.value = groups.categories.map((category) => category.type);
    brands.value = [...new Set(products.products.map((product) => product.brand).filter(Boolean))].sort();
  }

  /** Products whose name, brand, SKU or barcode hold `text`, for the scope's product search. */
  async function findProducts(text: string): Promise<NamedProduct[]> {
    if (text.trim() === '') return [];
    const params = new URLSearchParams({ search: text.trim(), limit: '8' });
    const page = await api().get<ProductPage>(`${SETUP}/products?${params}`);
    return page.products.map(named);
  }

  /** Opens a deal's form as it is now, its products by name. */
  async function open(deal: DealView): Promise<void> {
    error.value = '';
    try {
      const { deal: now } = await api().get<DealAnswer>(`${DEALS}/${segment(deal.id)}`);
      const names = await Promise.all(
        now.scope.productIds.map((id) =>
          api()
            .get<ProductAnswer>(`${SETUP}/products/${segment(id)}`)
            .then(({ product }) => named(product))
            .catch(() => ({ id, name: 'A product no longer listed', sku: '' })),
        ),
      );
      message.value = '';
      edit(now, names);
    } catch (failure) {
      error.value = words(failure);
    }
  }

  function edit(deal: DealView, names: readonly NamedProduct[]): void {
    selected.value = deal;
    baseline.value = draftOfDeal(deal, names);
    draft.value = draftOfDeal(deal, names);
    pane.value = 'edit';
  }

  function startAdding(): void {
    message.value = '';
    selected.value = null;
    baseline.value = draftOfDeal(null);
    draft.value = draftOfDeal(null);
    pane.value = 'add';
  }

  function close(): void {
    message.value = '';
    pane.value = 'none';
    selected.value = null;
  }

  /**
   * Saves the form: a new deal is added, an open one changed in the fields that differ from how it
   * was opened. Answers what was done in words; the service's refusal is thrown, the form kept.
   */
  async function save(body: DealCreate): Promise<string> {
    const opened = selected.value;
    const products = draft.value.products;
    let saved: DealView;
    if (!opened) {
      saved = (await api().post<DealAnswer>(DEALS, body)).deal;
    } else {
      const patch = dealPatchOf(opened, body);
      if (Object.keys(patch).length === 0) return (message.value = 'Nothing changed.');
      saved = (await api().patch<DealAnswer>(`${DEALS}/${segment(opened.id)}`, patch)).deal;
    }
    edit(saved, products);
    await load();
    const done = opened ? actionWords.saved(saved.name) : actionWords.added(saved.name);
    // A limit lowered to its uses (or below): the deal stops at once, and the manager is told so.
    const stops = opened && usedUp(saved) && !usedUp(opened) ? ` ${usedUpWords(saved)}` : '';
    return (message.value = `${done}${stops}`);
  }

  /** Pauses a deal (`active` false) or resumes it; the list shows it under its new status. */
  async function setActive(deal: DealView, active: boolean): Promise<void> {
    error.value = '';
    try {
      const { deal: now } = await api().patch<DealAnswer>(`${DEALS}/${segment(deal.id)}`, { active });
      if (selected.value?.id === now.id) selected.value = now;
      message.value = active ? actionWords.resumed(now.name) : actionWords.paused(now.name);
      await load();
    } catch (failure) {
      error.value = checkWords(failure);
    }
  }

  /** Archives a deal: it no longer applies; its form, if open, closes. */
  async function archive(deal: DealView): Promise<void> {
    error.value = '';
    try {
      const { deal: now } = await api().delete<DealAnswer>(`${DEALS}/${segment(deal.id)}`);
      if (selected.value?.id === now.id) close();
      message.value = actionWords.archived(now.name);
      await load();
    } catch (failure) {
      error.value = words(failure);
    }
  }

  /** Back to a fresh screen (sign-out). */
  function reset(): void {
    reads.dropAll();
    loading.value = false;
    status.value = 'active';
    rows.value = [];
    loaded.value = false;
    error.value = '';
    close();
    leaving.value = null;
    categories.value = [];
    brands.value = [];
    tiers.value = [];
  }

  return {
    status,
    rows,
    loaded,
    loading,
    error,
    message,
    pane,
    selected,
    draft,
    unsaved,
    leaving,
    categories,
    brands,
    tiers,
    load,
    loadChoices,
    findProducts,
    open,
    startAdding,
    leave,
    answerLeaving,
    close,
    save,
    setActive,
    archive,
    reset,
  };
});
