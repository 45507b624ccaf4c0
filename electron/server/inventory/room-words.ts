import {
  SALES_FLOOR_ID,
  type LabResults,
  type PackageView,
  type Room,
  type RoomKind,
} from '../../../shared/contracts/rooms.js';
import { labInWords } from '../../../shared/inventory/package-details.js';
import { productWithSku } from '../../../shared/labels.js';
import { fromMilli } from '../../../shared/quantity.js';
import type { PackageRoomRow, RoomRow } from './rooms-repository.js';

export const SALES_FLOOR_NAME = 'Sales floor';

/** `ref` names the sales floor: its id, or its name in any case. */
export const isSalesFloor = (ref: string): boolean => {
  const said = ref.trim().toLowerCase();
  return said === SALES_FLOOR_ID || said === SALES_FLOOR_NAME.toLowerCase();
};

const KIND_NAMES: Record<RoomKind, string> = {
  sales_floor: 'Sales floor',
  storage: 'Storage',
  quarantine: 'Quarantine',
};

export const roomKindName = (kind: RoomKind): string => KIND_NAMES[kind];

/** A location's sales floor as the API shows it, with its packages with stock. */
export const salesFloorView = (packages: number): Room => ({
  id: SALES_FLOOR_ID,
  name: SALES_FLOOR_NAME,
  kind: 'sales_floor',
  kindName: KIND_NAMES.sales_floor,
  sells: true,
  archived: false,
  packages,
});

export const toRoomView = (row: RoomRow): Room => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  kindName: KIND_NAMES[row.kind],
  sells: false,
  archived: row.archived === 1,
  packages: row.packages,
});

/** The room a package is in, as the API names it: the sales floor for a null room. */
export const roomOf = (row: Pick<PackageRoomRow, 'roomId' | 'roomName' | 'roomKind'>) =>
  row.roomId === null
    ? { id: SALES_FLOOR_ID, name: SALES_FLOOR_NAME, kind: 'sales_floor' as const }
    : { id: row.roomId, name: row.roomName ?? '', kind: row.roomKind ?? 'storage' };

/** A package as the API shows it; `sellsNext`: the one its product's next sale takes. */
export function toPackageView(row: PackageRoomRow, sellsNext: boolean): PackageView {
  const onHand = Number(row.onHandMilli);
  const held = Number(row.heldMilli);
  const onFloor = row.roomId === null;
  const lab = row.labResults === null ? null : (JSON.parse(row.labResults) as LabResults);
  return {
    packageId: row.packageId,
    label: row.label,
    productId: row.productId,
    productName: row.productName,
    sku: row.sku,
    unitType: row.unitType,
    room: roomOf(row),
    onHand: fromMilli(onHand),
    held: fromMilli(held),
    available: onFloor ? fromMilli(Math.max(0, onHand - held)) : 0,
    unitCostCents: row.unitCostCents === null ? null : Number(row.unitCostCents),
    packagedOn: row.packagedOn,
    expiresOn: row.expiresOn,
    lab,
    labWords: labInWords(lab),
    sellsNext,
  };
}

/** A package in words: "package 1A40…01", or "a package without a state tag". */
export const packageInWords = (label: string): string =>
  label === '' ? 'a package without a state tag' : `package ${label}`;

/** The audit trail's sentence for a move: "Blue Dream (FLW-001), package 1A40…01: Sales floor → Vault: Recall hold". */
export function moveInWords(row: PackageRoomRow, from: string, to: string, note: string): string {
  const words = `${productWithSku(row.productName, row.sku)}, ${packageInWords(row.label)}: ${from} → ${to}`;
  return note === '' ? words : `${words}: ${note}`;
}
