import type { PackageDetailsRequest, PackageView } from '../../../shared/contracts/rooms.js';
import { invalidInput } from '../../../shared/errors.js';
import { checkPackageDetails, labInWords } from '../../../shared/inventory/package-details.js';
import { productWithSku } from '../../../shared/labels.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { CatalogChanged } from '../products/product-admin.js';
import type { PackageMoves } from './package-moves.js';
import { packageInWords } from './room-words.js';
import { RoomsRepository, type PackageRoomRow } from './rooms-repository.js';
import { ownPackage } from './store-stock.js';
import type { StoreRooms } from './store-rooms.js';

/**
 * A package's dates and lab results as a manager corrects them (README "Rooms and packages"):
 * `inventory:adjust`, one write with the audit trail ("Package details changed") and the store's
 * version, since the expiry decides which package sells first; then the POS screens are told.
 * Lab results written here are one line of text, in place of what the manifest said.
 */
export class PackageDetails {
  private readonly rooms: RoomsRepository;

  constructor(
    private readonly access: StoreAccess,
    private readonly storeRooms: StoreRooms,
    private readonly moves: PackageMoves,
    private readonly changed: CatalogChanged = () => undefined,
  ) {
    this.rooms = new RoomsRepository(access.serverOnlyDb);
  }

  /** Sets a package's (by id or state tag) packaged date, expiry date or lab results; answers it as now. */
  async set(actor: SetupActor, shortName: string, ref: string, request: PackageDetailsRequest): Promise<PackageView> {
    const at = this.access.now();
    const done = await this.access.storeWrite(
      actor,
      shortName,
      async (tx, store) => {
        const pkg = await ownPackage(
          this.access,
          tx,
          store,
          ref,
          await this.rooms.findPackages(tx, ref.trim()),
          'change',
        );
        const checked = checkPackageDetails(request, pkg);
        if (!checked.ok) throw invalidInput(checked.field, checked.why);
        const change: { packaged_on?: string | null; expires_on?: string | null; lab_results?: string | null } = {};
        if (checked.packagedOn !== undefined) change.packaged_on = checked.packagedOn;
        if (checked.expiresOn !== undefined) change.expires_on = checked.expiresOn;
        if (checked.labResults !== undefined) {
          change.lab_results = checked.labResults === null ? null : JSON.stringify({ summary: checked.labResults });
        }
        await this.rooms.setDetails(tx, pkg.packageId, change);
        await this.storeRooms.record(tx, 'package_changed', actor, store, at, detailsInWords(pkg, checked));
        return { store, pkg };
      },
      { permission: 'inventory:adjust' },
    );
    await this.changed(done.store.id, [done.pkg.productId]);
    const views = await this.moves.views(this.access.db, done.pkg.productId, done.pkg.locationId);
    return views.find((view) => view.packageId === done.pkg.packageId)!;
  }
}

/** The audit trail's sentence: "Blue Dream (FLW-001), package 1A40…01: expires 2026-12-31 (was none); lab results …". */
function detailsInWords(
  pkg: PackageRoomRow,
  checked: { packagedOn?: string | null; expiresOn?: string | null; labResults?: string | null },
): string {
  const was = (value: string | null) => value ?? 'none';
  const parts: string[] = [];
  if (checked.packagedOn !== undefined) {
    parts.push(`packaged ${was(checked.packagedOn)} (was ${was(pkg.packagedOn)})`);
  }
  if (checked.expiresOn !== undefined) parts.push(`expires ${was(checked.expiresOn)} (was ${was(pkg.expiresOn)})`);
  if (checked.labResults !== undefined) {
    const before = pkg.labResults === null ? '' : labInWords(JSON.parse(pkg.labResults) as object);
    parts.push(`lab results "${checked.labResults ?? ''}" (was "${before}")`);
  }
  return `${productWithSku(pkg.productName, pkg.sku)}, ${packageInWords(pkg.label)}: ${parts.join('; ')}`;
}
