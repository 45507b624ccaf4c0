import type {
  ReceiptPreview,
  ReceiptPreviewRequest,
  ReceiptRequest,
  ReceiptView,
} from '../../../shared/contracts/receiving.js';
import { invalidInput } from '../../../shared/errors.js';
import {
  parseManifestCsv,
  parseManifestJson,
  ProductMatcher,
  readManifestObject,
  type ManifestDraft,
  type ManifestResult,
} from '../../../shared/inventory/manifest.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import type { Insertable } from 'kysely';
import type { PackagesTable } from '../db/schema/catalog.js';
import { tagKey } from '../catalog/tag-key.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { actorRecord, type SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { CatalogChanged } from '../products/product-admin.js';
import { decidedPackages, planReceipt, receivedWords, refuseKnown, type PlannedLine } from './receiving-decisions.js';
import { createProducts, type ProductAdder } from './receiving-products.js';
import { ReceivingRepository } from './receiving-repository.js';
import { manifestView, receiptInWords, toReceiptView } from './receiving-words.js';
import type { DeliveryReceived, PackageListener } from './package-events.js';
import type { Destination, StoreRooms } from './store-rooms.js';

const PERMISSION = 'inventory:adjust';

/** The manifest a request carries, as a file (`format`, `text`) or an object: read, or its problems. */
export function readManifest(request: ReceiptPreviewRequest): ManifestResult {
  const file = request.text !== undefined;
  if (file === (request.manifest !== undefined)) {
    throw invalidInput('manifest', 'give the manifest once: as a file (format and text) or as JSON (manifest)');
  }
  if (!file) return readManifestObject(request.manifest);
  if (request.format === undefined) throw invalidInput('format', 'is needed with text: csv or json');
  return request.format === 'csv' ? parseManifestCsv(request.text!) : parseManifestJson(request.text!);
}

/**
 * Deliveries received (README "Receiving"; docs/packages.md): a shipper's manifest read and
 * matched to the store's products (`preview`, nothing written), then received whole (`receive`):
 * a package's product may be created with it (its decision's `create`), and each package becomes a package of its product in one room, at the product's price, costing its
 * wholesale price; a shortage is what arrived less than shipped; a refused package is recorded with
 * its reason. All in one write with the receipt's record, the audit trail, the state's record (its
 * listeners) and the store's version,
 * the organization held so a manifest or a tag is received once; then the POS screens are told.
 */
export class Receiving {
  private readonly records: ReceivingRepository;

  constructor(
    private readonly access: StoreAccess,
    private readonly rooms: StoreRooms,
    /** Writes the products a delivery creates, as the product API does. */
    private readonly products: ProductAdder,
    private readonly changed: CatalogChanged = () => undefined,
    /** Told of the delivery in its transaction (the state's outbox). */
    private readonly listeners: readonly PackageListener[] = [],
  ) {
    this.records = new ReceivingRepository(access.serverOnlyDb);
  }

  async preview(actor: SetupActor, shortName: string, request: ReceiptPreviewRequest): Promise<ReceiptPreview> {
    const store = await this.access.store(actor, shortName, PERMISSION);
    const read = readManifest(request);
    const ok = { resultCode: 'SUCCESS' as const, resultReason: null };
    if ('problems' in read) {
      return { ...ok, manifest: null, problems: read.problems, receivedAlready: null, receivedBefore: null };
    }
    const { manifest } = read;
    const { db } = this.access;
    const products = await this.records.products(db, store.id, store.primaryLocationId);
    const matcher = new ProductMatcher(products.filter((p) => p.active).map((p) => ({ ...p, id: p.productId })));
    const held = await this.records.tagsHeld(
      db,
      store.organizationId,
      manifest.packages.map((p) => p.label),
    );
    const known = await this.records.received(db, store.organizationId, manifest.manifestNumber);
    const receivedAlready = known ? receivedWords(known) : null;
    const receivedBefore = known ? { storeName: known.storeName, at: known.at } : null;
    const view = manifestView(manifest, matcher, products, held);
    return { ...ok, manifest: view, problems: [], receivedAlready, receivedBefore };
  }

  async receive(actor: SetupActor, shortName: string, request: ReceiptRequest): Promise<ReceiptView> {
    // Who asks, and for which store, before what they sent is read.
    await this.access.store(actor, shortName, PERMISSION);
    const read = readManifest(request);
    if ('problems' in read) {
      const [first] = read.problems;
      throw invalidInput('manifest', `cannot be read: ${first!.where}: ${first!.message}`);
    }
    const { manifest } = read;
    const note = (request.note ?? '').trim();
    const at = this.access.now();
    const receiptId = timeOrderedUuid();
    const done = await this.access.storeWrite(
      actor,
      shortName,
      async (tx, store) => {
        await this.records.lockOrganization(tx, store.organizationId);
        const labels = manifest.packages.map((p) => p.label);
        const known = await this.records.received(tx, store.organizationId, manifest.manifestNumber);
        refuseKnown(manifest, known, await this.records.tagsHeld(tx, store.organizationId, labels));
        const room = await this.rooms.destination(tx, store, request.room);
        const decided = decidedPackages(manifest, request.packages);
        const created = await createProducts(tx, this.products, { actor, store, at, manifest, decided });
        const products = await this.records.products(tx, store.id, store.primaryLocationId);
        const plan = planReceipt(manifest, decided, products, created);
        await this.write(tx, { actor, store, manifest, plan, room, note, at, receiptId });
        return {
          store,
          productIds: [...new Set(plan.flatMap((line) => ('product' in line ? [line.product.productId] : [])))],
        };
      },
      { permission: PERMISSION },
    );
    await this.changed(done.store.id, done.productIds);
    return toReceiptView((await this.records.find(this.access.db, receiptId))!);
  }

  private async write(
    tx: Queryable,
    r: {
      actor: SetupActor;
      store: Dispensary;
      manifest: ManifestDraft;
      plan: readonly PlannedLine[];
      room: Destination;
      note: string;
      at: Date;
      receiptId: string;
    },
  ): Promise<void> {
    const { store, manifest, at } = r;
    const by = actorRecord(r.actor);
    await this.records.insertReceipt(tx, {
      id: r.receiptId,
      dispensary_id: store.id,
      manifest_number: manifest.manifestNumber,
      shipper_license: manifest.shipperLicense,
      shipper_name: manifest.shipperName ?? null,
      room_id: r.room.id,
      room_name: r.room.name,
      note: r.note,
      actor_kind: r.actor.kind,
      actor_id: by.id,
      actor_name: by.name,
      at: at.toISOString(),
      store_day: zonedDate(at, store.timezone),
    });
    const packages: Insertable<PackagesTable>[] = [];
    const lines = r.plan.map((line, index) => {
      const { pkg } = line;
      const received = 'product' in line ? line : undefined;
      const packageId = received ? timeOrderedUuid() : null;
      if (received) {
        const { product } = received;
        packages.push({
          id: packageId!,
          product_id: product.productId,
          location_id: store.primaryLocationId,
          unit_id: product.unitId,
          label: pkg.label,
          label_key: tagKey(pkg.label),
          price_cents: product.priceCents,
          discount_ppm: product.discountPpm,
          discount_description: product.discountDescription,
          on_hand_milli: received.receivedMilli,
          unit_cost_cents:
            pkg.wholesaleCents === undefined ? null : Math.round((pkg.wholesaleCents * 1000) / pkg.quantityMilli),
          // Exactly (migration 068): 28 g for $100.00 is $100.00 on the shelf, not 28 × 357 ¢.
          cost_cents: pkg.wholesaleCents ?? null,
          cost_milli: pkg.wholesaleCents === undefined ? null : pkg.quantityMilli,
          room_id: r.room.id,
          packaged_on: pkg.packagedOn ?? null,
          expires_on: pkg.expiresOn ?? null,
          lab_results: pkg.lab ? JSON.stringify(pkg.lab) : null,
        });
      }
      return {
        receipt_id: r.receiptId,
        line_index: index + 1,
        label: pkg.label,
        item_name: pkg.itemName,
        unit: pkg.unit,
        shipped_milli: pkg.quantityMilli,
        received_milli: received?.receivedMilli ?? 0,
        wholesale_cents: pkg.wholesaleCents ?? null,
        product_id: received?.product.productId ?? null,
        package_id: packageId,
        refused_reason: 'refused' in line ? line.refused : null,
      };
    });
    await this.records.insertPackages(tx, packages);
    await this.records.insertLines(tx, lines);
    await this.rooms.record(tx, 'delivery_received', r.actor, store, at, receiptInWords(manifest, r.plan, r.room.name));
    const received: DeliveryReceived = {
      kind: 'received',
      dispensaryId: store.id,
      receiptId: r.receiptId,
      manifestNumber: manifest.manifestNumber,
      shipperLicense: manifest.shipperLicense,
      packages: lines.map((line) => ({
        label: line.label,
        unit: line.unit,
        receivedMilli: line.received_milli,
        refused: line.refused_reason,
      })),
      at: at.toISOString(),
    };
    for (const listener of this.listeners) await listener(tx, received);
  }
}
