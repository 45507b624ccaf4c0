import { expect } from 'vitest';
import type { Ticket, TicketQuote } from '../../../shared/contracts/ticket.js';
import type { DemoService } from '../support/demo-service.js';

const TICKETS = '/v2.0/dispensary/demo/ecommerce/ticket';

/** A ticket's or quote's totals, to compare one with the other. */
export const totalsOf = ({
  subTotal,
  discount,
  tax,
  total,
}: Pick<TicketQuote, 'subTotal' | 'discount' | 'tax' | 'total'>) => ({
  subTotal,
  discount,
  tax,
  total,
});

/**
 * The demo store's quote and ticket of a body, as `headers` ask them (`service.headers`: an online
 * order; a register's session chooses deals), each expected to succeed.
 */
export function saleRequests(service: DemoService, headers: Record<string, string> = service.headers) {
  const post = async <T>(url: string, payload: object, status: number): Promise<T> => {
    const answer = await service.request({ method: 'POST', url, headers, payload });
    expect(answer.statusCode, answer.body).toBe(status);
    return answer.json<T>();
  };
  return {
    quote: (payload: object) => post<TicketQuote>(`${TICKETS}/quote`, payload, 200),
    ticket: (payload: object) => post<Ticket>(TICKETS, payload, 201),
  };
}
