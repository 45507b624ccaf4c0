import type { OrderUpdate } from '../../../shared/contracts/live.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';

/** The live `order.updated` event of a ticket. */
export function ticketUpdate(ticket: Ticket): OrderUpdate {
  const { orderId, orderNumber, status, paymentStatus, source, total, createdAt, updatedAt } = ticket;
  return { orderId, orderNumber, status, paymentStatus, source, total, createdAt, updatedAt };
}
