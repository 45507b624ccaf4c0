import type { OrderPaymentStatus, OrderSource, OrderStatus } from '../order-status.js';
import type { Channel } from './payment.js';

/**
 * The live channel: server-sent events that the POS, the pole display, the back office and the
 * payment widget subscribe to (`GET /v2.0/dispensary/<short>/live?topics=…`). Each topic carries
 * the events named here; `data` is the JSON of the event's type.
 */

/**
 * An order was created, changed status or lines, or what its approved payments hold changed (a part
 * payment, or a void or refund of one) (topic `orders`).
 */
export interface OrderUpdate {
  orderId: string;
  orderNumber: string;
  status: OrderStatus;
  /** How it is paid, whatever its stage (shared/order-status.ts). */
  paymentStatus: OrderPaymentStatus;
  /** Placed online (the pickup queue's) or rung up at a register. */
  source: OrderSource;
  /** Decimal amount, as in the ticket. */
  total: string;
  createdAt: string;
  updatedAt: string;
  /** The payment whose change this tells (absent when the order changed otherwise: a move, an edit). */
  payment?: OrderUpdatePayment;
}

/**
 * Where the payment an `order.updated` tells of was taken: at register `terminalId` (its POS or its
 * pole display), or with no register (null: online, or on the back office's virtual terminal), in `channel`.
 * A register paying an order tells by it whether the payment that settled the order was its own.
 */
export interface OrderUpdatePayment {
  paymentId: string;
  terminalId: string | null;
  channel: Channel;
}

/** A drawer was opened, moved cash in or out, or was closed (topic `drawers`). */
export interface DrawerUpdate {
  terminalId: string;
  shiftId: string;
  status: 'open' | 'closed';
}

/**
 * The store's products changed (topic `catalog`): added, edited, archived or brought back, or a
 * catalog file imported. `productIds` names them; empty for an import (read the whole catalog again).
 */
export interface CatalogChange {
  productIds: string[];
}

/**
 * Products' stock moved (topic `catalog`): an order placed (online or at a register), its lines
 * edited, or canceled or handed over; an attached register's sale held or its changes applied at
 * the store server; or, on an attached register, its copy of the store's stock read from the
 * server. `products` gives each one's stock as the catalog counts it (`GET …/catalog`: on the store's
 * sales floor) once the move was committed, so a screen puts the figures in place without reading
 * the catalog again. Moves in quick succession are told together; a long list comes in several
 * events. (The set-up's stock changes, an adjustment, a count, a move or a delivery, are told by
 * `catalog.changed`.)
 */
export interface StockChange {
  products: ProductStock[];
}

/**
 * The store's deals changed (topic `catalog`): a deal added, changed, paused or archived from the back
 * office. A register's screen prices its open cart again (a sale's ticket is always priced as it is
 * made, so a change heard late is still charged right, and the POS says so: README "Deals").
 */
export type DealsChange = Record<string, never>;

/** A product's stock on the store's sales floor, in its units (grams for a weighed product). */
export interface ProductStock {
  productId: string;
  /** The catalog's `quantityOnHand`. */
  quantityOnHand: number;
  /** The catalog's `quantityAvailable`: on hand less what open orders hold. */
  quantityAvailable: number;
  /** The catalog's `inStock`: some is available. */
  inStock: boolean;
}

/**
 * A count of the store's stock changed (topic `counts`): started, a package entered (from any
 * device), paused, resumed, cancelled or applied. `number` is the count's number at the store.
 */
export interface CountChange {
  number: number;
}

/**
 * The store's settings changed (topic `store`): its name, time zone, address, programme or policies,
 * from the back office or the `servicepay` command. `fields` names the settings the change gave (empty
 * on an attached register, whose copy of the store the server's change reached); a screen reads the
 * store again (`GET /v2.0/dispensary/<short>`), so every time it shows is in the store's time zone.
 */
export interface StoreChange {
  fields: string[];
}

/** The topics a client can subscribe to, with the permission each needs. */
export const LIVE_TOPICS = {
  /** `order.updated` for every order of the dispensary. */
  orders: 'ticket:read',
  /** `payment.updated` for every payment of the dispensary. */
  payments: 'ticket:read',
  /** `drawer.updated` for every drawer of the dispensary (managers: the back office's Drawers). */
  drawers: 'store:manage',
  /** `display.state` of one terminal's pole display: `display:<terminalId>`. */
  display: 'display:pole',
  /** `link.updated` of an attached register: whether its store server answers (registers, contracts/registers.ts). */
  link: 'config:read',
  /**
   * `catalog.changed` when the store's products change (the POS reads its catalog again),
   * `stock.changed` when their stock moves (the POS puts the figures in place), and `deals.changed`
   * when its deals change (the POS prices its cart again).
   */
  catalog: 'ticket:read',
  /** `count.changed` when a count of the store's stock changes (the back office's Counts, on every device). */
  counts: 'inventory:adjust',
  /** `store.changed` when the store's settings change (the POS and the back office read the store again). */
  store: 'ticket:read',
} as const;

/** The name of a topic (without its `:<terminalId>` suffix). */
export type LiveTopic = keyof typeof LIVE_TOPICS;
