import { shortName } from '../../../shared/customer-name.js';
import { ServicePayError } from '../../../shared/errors.js';
import { itemCount } from '../../../shared/item-count.js';
import { fromMilli } from '../../../shared/quantity.js';
import { bagLabels } from '../../../shared/receipt/bag-label.js';
import type { ReceiptDocument } from '../../../shared/receipt/receipt-document.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { QueueElsewhere } from '../pickup/queue-elsewhere.js';

/**
 * The bag labels of an online order the store packed (or is packing): read from the order, its
 * customer and its lines, laid out by shared/receipt/bag-label.ts. Another store's order, a register
 * sale or an order handed over or canceled has no labels (refused in words). On a register attached
 * to a store server, an online order it does not have is the server's: its label comes from the
 * store's pickup queue read there (its number, customer and item count are all a label shows).
 */
export class BagLabels {
  private readonly q;

  constructor(
    private readonly db: DataLayer,
    /** Where the store's online orders are when this node does not keep them (an attached register). */
    private readonly elsewhere?: QueueElsewhere,
  ) {
    this.q = {
      order: db.prepare((k, p: { orderId: string; dispensaryId: string }) =>
        k
          .selectFrom('orders as o')
          .leftJoin('customers as c', 'c.id', 'o.customer_id')
          .select([
            'o.order_number as orderNumber',
            'o.status',
            'o.source',
            'c.first_name as firstName',
            'c.last_name as lastName',
          ])
          .where('o.id', '=', p.orderId)
          .where('o.dispensary_id', '=', p.dispensaryId),
      ),
      lines: db.prepare((k, p: { orderId: string }) =>
        k
          .selectFrom('order_items')
          .select(['deli', 'quantity_milli as quantityMilli'])
          .where('order_id', '=', p.orderId),
      ),
    };
  }

  async documents(dispensary: Dispensary, orderId: string, bags: number, at: Date): Promise<ReceiptDocument[]> {
    const row = await this.db.first(this.q.order, { orderId, dispensaryId: dispensary.id });
    const store = { name: dispensary.name, timezone: dispensary.timezone };
    if (!row) {
      const queue = await this.elsewhere?.read(dispensary.id);
      const listed = queue?.orders.find((order) => order.orderId === orderId);
      if (!listed) throw new ServicePayError('NOT_FOUND', `order ${orderId} not found`);
      const { orderNumber, customerName, totalItems } = listed;
      return bagLabels({ orderNumber, customerName, items: totalItems }, bags, store, at);
    }
    if (row.source !== 'online') {
      throw new ServicePayError('CONFLICT', `order ${row.orderNumber} was sold at a register: it has no bag label`);
    }
    if (row.status === 'COMPLETED' || row.status === 'CANCELED') {
      const how = row.status === 'COMPLETED' ? 'handed over' : 'canceled';
      throw new ServicePayError('CONFLICT', `order ${row.orderNumber} was ${how}: it has no bag label to print`);
    }
    const order = {
      orderNumber: row.orderNumber,
      customerName: shortName(row.firstName, row.lastName),
      items: itemCount(
        (await this.db.all(this.q.lines, { orderId })).map((line) => ({
          deli: Number(line.deli) === 1,
          quantity: fromMilli(Number(line.quantityMilli)),
        })),
      ),
    };
    return bagLabels(order, bags, store, at);
  }
}
