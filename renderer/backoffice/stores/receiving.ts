import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { ProductPage } from '../../../shared/contracts/products';
import type { ReceiptPreview, ReceiptPreviewRequest, ReceiptView } from '../../../shared/contracts/receiving';
import type { Room, Rooms } from '../../../shared/contracts/rooms';
import { refusalWords } from '../../common/refusal';
import type { CatalogRowPage } from '../logic/catalog-rows';
import { checkReceipt, defaultRoom, draftOf, type ChosenProduct, type PackageDraft } from '../logic/receipt-draft';
import { formatOf, receiptRefusals, receivedAlreadyWords, type ReceiptRefusal } from '../logic/receipt-words';
import { loadStoreInfo } from '../../common/store-info';
import { blankManifest, manifestObject, type TypedManifest } from '../logic/typed-manifest';
import { DISPENSARY, useSessionStore } from './session';
import { api, SETUP } from './setup/setup-api';

const RECEIPTS = `${SETUP}/inventory/receipts`;
/** The service reads a manifest of up to 6 MB (shared/contracts/receiving.ts). */
const MOST_BYTES = 6 * 1024 * 1024;

/**
 * Receiving a delivery (README "Receiving"): the shipper's manifest chosen and read (the service's
 * preview, its problems in words), each package decided — its product, what arrived, or refused with
 * a reason — into a room, then received whole. Everything chosen stays here, across a refusal and a
 * visit to another tab; every refusal is kept with the package field it names, all said at once.
 */
export const useReceivingStore = defineStore('receiving', () => {
  /** True while the Products tab shows Receiving (kept across a visit to another tab). */
  const visible = ref(false);
  const fileName = ref('');
  /** The manifest as the service was sent it (a file's text, or the object typed in), sent again to receive it. */
  const source = shallowRef<ReceiptPreviewRequest | null>(null);
  /** True while the manifest is typed in (and kept, to change it, while its packages are decided). */
  const typing = ref(false);
  const typed = ref<TypedManifest>(blankManifest());
  const preview = shallowRef<ReceiptPreview | null>(null);
  const drafts = ref<PackageDraft[]>([]);
  const rooms = ref<Room[]>([]);
  const room = ref('');
  const note = ref('');
  const busy = ref(false);
  /** Why the delivery was not received: every problem found, each with the field it is beside. */
  const refusals = ref<ReceiptRefusal[]>([]);
  const receipt = shallowRef<ReceiptView | null>(null);
  /** The store's zone, in which a delivery received already is said (the computer's until it is read). */
  const timeZone = ref(Intl.DateTimeFormat().resolvedOptions().timeZone);

  const manifest = computed(() => preview.value?.manifest ?? null);
  const problems = computed(() => preview.value?.problems ?? []);
  /** Why the service will refuse this delivery whatever is chosen ('' when it will not). */
  const cannotReceive = computed(() => {
    const read = preview.value;
    if (!read?.manifest) return '';
    if (read.receivedAlready) return receivedAlreadyWords(read, timeZone.value);
    const held = read.manifest.packages.filter((p) => p.tagInStockAt !== null).length;
    if (held === 0) return '';
    return held === 1
      ? 'One of its packages is in stock already (marked below): a state tag is received once.'
      : `${held} of its packages are in stock already (marked below): a state tag is received once.`;
  });
  // A package's refusals are answered once the manager changes that package: they no longer stand.
  watch(
    () => drafts.value.map((draft) => JSON.stringify(draft)),
    (now, before) => {
      if (now.length !== before.length) return;
      const changed = new Set(now.flatMap((typed, row) => (typed === before[row] ? [] : [row])));
      if (changed.size > 0) refusals.value = refusals.value.filter((r) => r.row === null || !changed.has(r.row));
    },
    // At once: a change made just before Receive is pressed must not clear what that press finds.
    { flush: 'sync' },
  );
  /** What is said beside a package's field (`row`), or the room's or the note's (row null); '' for nothing. */
  const refusedAt = (row: number | null, control: ReceiptRefusal['control']): string =>
    refusals.value
      .filter((r) => r.row === row && r.control === control)
      .map((r) => r.sentence)
      .join(' ');
  /** What is said over the whole screen (a manifest received already, a file not read); '' for nothing. */
  const overall = computed(() => refusedAt(null, ''));
  /** A manager may add a product with the delivery (the product API's permission). */
  const manages = computed(() => useSessionStore().user?.permissions.includes('store:manage') ?? false);
  const roomName = computed(() => rooms.value.find((r) => r.id === room.value)?.name ?? '');

  async function work(run: () => Promise<void>, fallback: string): Promise<boolean> {
    busy.value = true;
    refusals.value = [];
    try {
      await run();
      return true;
    } catch (failure) {
      refusals.value = receiptRefusals(failure, fallback);
      return false;
    } finally {
      busy.value = false;
    }
  }

  /** Reads the file chosen (`.csv`, else JSON) and has the service check it and suggest each package's product. */
  async function read(file: File): Promise<boolean> {
    receipt.value = null;
    preview.value = null;
    drafts.value = [];
    fileName.value = file.name;
    if (file.size > MOST_BYTES) {
      refusals.value = [
        {
          sentence: `${file.name} is over 6 MB: a manifest file is smaller. Is it the right file?`,
          row: null,
          control: '',
        },
      ];
      return false;
    }
    return work(async () => {
      typing.value = false;
      await previewed({ format: formatOf(file.name), text: await file.text() });
    }, `${file.name} could not be read. Try again.`);
  }

  /** Has the service read and check the manifest typed in; its problems are said beside their fields. */
  async function readTyped(): Promise<boolean> {
    receipt.value = null;
    fileName.value = 'typed in';
    return work(
      () => previewed({ manifest: manifestObject(typed.value) }),
      'The manifest could not be checked. Try again.',
    );
  }

  async function previewed(sent: ReceiptPreviewRequest): Promise<void> {
    const answer = await api().post<ReceiptPreview>(`${RECEIPTS}/preview`, sent);
    if (rooms.value.length === 0) await loadRooms();
    if (answer.receivedBefore) {
      const store = await loadStoreInfo(useSessionStore().api, DISPENSARY).catch(() => undefined);
      if (store) timeZone.value = store.timeZone;
    }
    source.value = sent;
    preview.value = answer;
    drafts.value = answer.manifest?.packages.map(draftOf) ?? [];
  }

  /** Types a manifest in (true) instead of choosing a file, or back (false); what was typed stays either way. */
  function typeIn(on = true): void {
    startOver(true);
    typing.value = on;
  }

  async function loadRooms(): Promise<void> {
    rooms.value = (await api().get<Rooms>(`${SETUP}/rooms`)).rooms.filter((r) => !r.archived);
    if (!rooms.value.some((r) => r.id === room.value)) room.value = defaultRoom(rooms.value);
  }

  /** The store's products matching `words`: its product list for a manager, the catalog for anyone else. */
  async function findProducts(words: string): Promise<ChosenProduct[]> {
    const search = new URLSearchParams({ search: words.trim().slice(0, 100), limit: '20' });
    if (manages.value) {
      const page = await api().get<ProductPage>(`${SETUP}/products?${search}`);
      return page.products.map(({ productId, name, sku, deli }) => ({ productId, name, sku, deli }));
    }
    const page = await api().get<CatalogRowPage>(`/v2.0/dispensary/${DISPENSARY}/catalog?${search}`);
    return page.items.map(({ productId, name, sku, deli }) => ({ productId, name, sku, deli }));
  }

  /** Receives the delivery as decided; false with the refusal kept (beside its package's field) when not. */
  async function receive(): Promise<boolean> {
    const read = manifest.value;
    if (!read) return false;
    // As the service does: a delivery received already (or a tag in stock) is said before any package's decision.
    if (cannotReceive.value) {
      refusals.value = [{ sentence: cannotReceive.value, row: null, control: '' }];
      return false;
    }
    // Every problem at once, each beside its package's field (and the room's), in the screen's order.
    const checked = checkReceipt(read.packages, drafts.value);
    const found: ReceiptRefusal[] = checked.ok ? [] : [...checked.problems];
    if (!room.value) found.push({ sentence: 'Choose the room the packages go to.', row: null, control: 'room' });
    if (!checked.ok || found.length > 0) {
      refusals.value = found;
      return false;
    }
    return work(async () => {
      const body = {
        ...source.value,
        room: room.value,
        packages: checked.decisions,
      };
      const answer = await api().post<{ receipt: ReceiptView }>(
        RECEIPTS,
        note.value.trim() ? { ...body, note: note.value.trim() } : body,
      );
      receipt.value = answer.receipt;
    }, 'The delivery could not be received. Try again: nothing of it was kept.');
  }

  /** Back to choosing a file (another delivery), or to the manifest typed in (`keepTyped`); the room chosen stays. */
  function startOver(keepTyped = false): void {
    fileName.value = '';
    source.value = null;
    if (!keepTyped) {
      typing.value = false;
      typed.value = blankManifest();
    }
    preview.value = null;
    drafts.value = [];
    note.value = '';
    refusals.value = [];
    receipt.value = null;
  }

  /** A fresh screen (sign-out). */
  function reset(): void {
    startOver();
    rooms.value = [];
    room.value = '';
    visible.value = false;
  }

  const sells = computed(() => rooms.value.find((r) => r.name === receipt.value?.room)?.sells ?? false);
  /** A failed search in words. */
  const searchFailed = (failure: unknown) => refusalWords(failure, 'The products could not be searched. Try again.');

  return {
    visible,
    fileName,
    typing,
    typed,
    preview,
    manifest,
    problems,
    drafts,
    rooms,
    room,
    roomName,
    note,
    busy,
    refusals,
    refusedAt,
    overall,
    receipt,
    cannotReceive,
    manages,
    sells,
    searchFailed,
    read,
    readTyped,
    typeIn,
    findProducts,
    receive,
    startOver,
    reset,
  };
});
