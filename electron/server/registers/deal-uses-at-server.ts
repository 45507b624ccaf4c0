import type { FastifyBaseLogger } from 'fastify';
import type { DealUsesAnswer } from '../../../shared/contracts/register-deal-uses.js';
import type { ServerDealUses } from '../tickets/server-deal-uses.js';
import { postAsRegister } from './server-client.js';
import type { ServerLink } from './server-link-repository.js';

/**
 * The uses left of the store's deals with limits at an attached register's store server, for its
 * quotes and menu (`POST /v2.0/register/deal-uses`; README "Deals"): the other registers' and the
 * server's own sales count too. When the server does not answer within `waitMs`, null: the register
 * counts its own (as offline; README "Selling offline").
 */
export function dealUsesAtServer(
  log: FastifyBaseLogger,
  answering: () => ServerLink | null,
  waitMs: number,
): ServerDealUses {
  return {
    usesLeft: async ({ customerId, dealIds }) => {
      const link = answering();
      if (!link || dealIds.length === 0) return null;
      try {
        const body = { customerId, dealIds: [...dealIds] };
        const { serverUrl, registerId, secret } = link;
        const path = '/v2.0/register/deal-uses';
        const answer = await postAsRegister<DealUsesAnswer>(serverUrl, path, registerId, secret, body, waitMs);
        return new Map(answer.deals.map((deal) => [deal.dealId, deal.usesLeft]));
      } catch (error) {
        log.warn({ err: error }, 'the store server did not answer the uses of deals; this register counts its own');
        return null;
      }
    },
  };
}
