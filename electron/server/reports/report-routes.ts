import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { failures } from '../../../shared/contracts/common.js';
import {
  ChainInventoryValueReportSchema,
  ChainSalesReportSchema,
  ChainSummaryReportSchema,
  ChainTaxReportSchema,
  InventoryValueReportSchema,
  REPORT_NAMES,
  ReportQuerySchema,
  SalesReportSchema,
  SummaryReportSchema,
  TaxReportSchema,
  type ReportName,
} from '../../../shared/contracts/reports.js';
import { invalidInput } from '../../../shared/errors.js';
import type { RequestGuard } from '../core/principal.js';
import { staffActor } from '../dispensaries/setup-actor.js';
import { chainAnswer } from './chain-total.js';
import { REPORT_PERMISSION, type ReportAsk, type Reports } from './reports.js';

const SCHEMAS: Record<ReportName, { store: TSchema; chain: TSchema; summary: string }> = {
  summary: {
    store: SummaryReportSchema,
    chain: ChainSummaryReportSchema,
    summary: 'Sales summary by store day: gross, discounts, returns, net, taxes by layer, tenders, tips',
  },
  sales: {
    store: SalesReportSchema,
    chain: ChainSalesReportSchema,
    summary: 'Sales by category, brand, product, budtender, register, hour, weekday or customer type, with margins',
  },
  tax: {
    store: TaxReportSchema,
    chain: ChainTaxReportSchema,
    summary: 'Tax collected per tax layer and month, for the filing',
  },
  'inventory-value': {
    store: InventoryValueReportSchema,
    chain: ChainInventoryValueReportSchema,
    summary: 'Stock on hand at the end of a store day, at cost and at its prices, by category',
  },
};

/**
 * What each report's route reads from its query string: inventory-value is the stock at the end of
 * one day (`to`), so its `from` may be left out (README "Reports": `inventory-value?to`).
 */
const { from: fromField, ...otherFields } = ReportQuerySchema.properties;
const QUERIES: Record<ReportName, TSchema> = {
  summary: ReportQuerySchema,
  sales: ReportQuerySchema,
  tax: ReportQuerySchema,
  'inventory-value': Type.Object({ from: Type.Optional(fromField), ...otherFields }, { additionalProperties: false }),
};

const RANGE_WORDS =
  'Over the store days from…to (YYYY-MM-DD, both included, at most 366), in the store’s time zone; a sale ' +
  'counts on the day of the payment that closed it, a refund on the day it was handed out. compare=previous ' +
  'adds the period of equal length before. Read from the read replica when one is set (readFrom, asOf, fallback).';

/** Refuses a report name no route has, in words (rather than a bare 404). */
const unknownReport = async (request: { params: unknown }) => {
  const { report } = request.params as { report: string };
  throw invalidInput('report', `must be one of ${REPORT_NAMES.join(', ')} (not "${report}")`);
};

/**
 * `GET /v2.0/dispensary/<short>/reports/<report>` (one store) and `GET /v2.0/reports/<report>`
 * (every store of the organization the caller may see, and their total): `audit:read`, staff only.
 */
export function registerReportRoutes(app: FastifyInstance, auth: RequestGuard, reports: Reports): void {
  const onRequest = auth.guard({ permission: REPORT_PERMISSION, staffOnly: true });
  for (const name of REPORT_NAMES) {
    const { store, chain, summary } = SCHEMAS[name];
    app.get<{ Params: { dispensaryShortName: string }; Querystring: ReportAsk }>(
      `/v2.0/dispensary/:dispensaryShortName/reports/${name}`,
      {
        onRequest,
        schema: {
          tags: ['reports'],
          summary,
          description: RANGE_WORDS,
          security: [{ bearer: [] }],
          params: Type.Object({ dispensaryShortName: Type.String({ minLength: 1, maxLength: 10 }) }),
          querystring: QUERIES[name],
          response: { 200: store, ...failures(400, 401, 403, 404, 429) },
        },
      },
      async (request) =>
        reports.store(staffActor(request.principal!), request.params.dispensaryShortName, name, request.query),
    );
    app.get<{ Querystring: ReportAsk }>(
      `/v2.0/reports/${name}`,
      {
        onRequest,
        schema: {
          tags: ['reports'],
          summary: `Every store side by side and their total: ${summary.toLowerCase()}`,
          description: `${RANGE_WORDS} A store’s own login sees only its store.`,
          security: [{ bearer: [] }],
          querystring: QUERIES[name],
          response: { 200: chain, ...failures(400, 401, 403, 404, 429) },
        },
      },
      async (request) => {
        const actor = { kind: 'staff' as const, principal: request.principal! };
        return chainAnswer(name, request.query, await reports.chain(actor, name, request.query));
      },
    );
  }
  app.get(
    '/v2.0/dispensary/:dispensaryShortName/reports/:report',
    { onRequest, schema: { hide: true } },
    unknownReport,
  );
  app.get('/v2.0/reports/:report', { onRequest, schema: { hide: true } }, unknownReport);
}
