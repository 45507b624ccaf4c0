import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { failures } from '../../../shared/contracts/common.js';
import {
  AllowanceResponseSchema,
  CustomerListResponseSchema,
  CustomerPatchSchema,
  CustomerResponseSchema,
  CustomerSearchQuerySchema,
  FromIdRequestSchema,
  FromIdResponseSchema,
  NewCustomerSchema,
  StoreRulesResponseSchema,
  VerificationResponseSchema,
  type CustomerPatch,
  type CustomerSearchQuery,
  type FromIdRequest,
  type NewCustomer,
} from '../../../shared/contracts/customers.js';
import {
  CustomerOrdersQuerySchema,
  CustomerOrdersResponseSchema,
  type CustomerOrdersQuery,
} from '../../../shared/contracts/customer-orders.js';
import type { AuthService } from '../auth/auth-service.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { ServiceContext } from '../core/context.js';
import { dispensaryInScope } from '../dispensaries/dispensary-scope.js';
import { CustomerAllowances } from './customer-allowance.js';
import { CustomerOrdersReader, type OrdersMoney } from './customer-orders.js';
import { Customers, type CustomerActor } from './customers.js';
import type { PurchasesElsewhere } from './purchases-elsewhere.js';
import { auditActor } from '../core/audit-actor.js';
import type { Principal } from '../core/principal.js';
import type { Queryable } from '../db/query.js';

/**
 * The signed-in person adding or changing a customer, named as the store knows them ("Morgan
 * Manager", a staff member's display name; a partner by its name).
 */
async function actorOf(auth: AuthService, q: Queryable, principal: Principal): Promise<CustomerActor> {
  const user = principal.kind === 'staff' ? await auth.users.find(q, principal.name) : undefined;
  return {
    id: principal.subjectId,
    name: user?.displayName ?? principal.name,
    audit: auditActor(principal),
    // Who manages the store may raise a medical patient's daily amount above the state's (README "Customers").
    manager: principal.permissions.has('store:manage'),
  };
}

const PATH = '/v2.0/dispensary/:dispensaryShortName/customers';
type Store = { dispensaryShortName: string };
type One = Store & { id: string };
const StoreParams = Type.Object({ dispensaryShortName: Type.String() });
const OneParams = Type.Object({ dispensaryShortName: Type.String(), id: Type.String({ maxLength: 64 }) });
const common = { tags: ['customers'], security: [{ bearer: [] }] };
const json = { consumes: ['application/json'] };
const success = { resultCode: 'SUCCESS' as const, resultReason: null };

/**
 * A store's customers (README "Customers"): those who sell (`customer:read` and `customer:write`:
 * cashiers, managers, admins and partners' ecommerce sites; never a pole display) add, find, read
 * and change them, read a scanned ID, check a customer's ID for a sale today and read what they may
 * still buy today.
 */
export function registerCustomerRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  auth: AuthService,
  /** On an attached register: the customer's purchases at its store server. */
  link?: { purchases: PurchasesElsewhere },
  /** What orders' payments hold (the payments' port), for the customer's orders list. */
  moneyOf?: OrdersMoney,
): void {
  const dispensaries = new DispensaryRepository(ctx.db);
  const customers = new Customers(ctx);
  const allowances = new CustomerAllowances(ctx, link?.purchases);
  const customerOrders = new CustomerOrdersReader(ctx.db, moneyOf);
  const reader = auth.guard({ permission: 'customer:read' });
  const writer = auth.guard({ permission: 'customer:write' });
  const storeOf = (request: FastifyRequest<{ Params: Store }>) =>
    dispensaryInScope(dispensaries, request.params.dispensaryShortName, request);

  app.post<{ Params: Store; Body: NewCustomer }>(
    PATH,
    {
      onRequest: writer,
      config: json,
      schema: {
        ...common,
        summary:
          "Add a customer with their ID's details; 409 naming the customer on file when the store has this ID, " +
          'phone or email',
        params: StoreParams,
        body: NewCustomerSchema,
        response: { 201: CustomerResponseSchema, ...failures(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const { principal } = request;
      const customer = await customers.create(
        await storeOf(request),
        request.body,
        await actorOf(auth, ctx.db, principal!),
      );
      return reply.code(201).send({ ...success, customer });
    },
  );

  app.get<{ Params: Store; Querystring: CustomerSearchQuery }>(
    PATH,
    {
      onRequest: reader,
      schema: {
        ...common,
        summary: "The store's customers, newest first, found by name prefix, phone digits or ID number",
        params: StoreParams,
        querystring: CustomerSearchQuerySchema,
        response: { 200: CustomerListResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => customers.search(await storeOf(request), request.query),
  );

  app.post<{ Params: Store; Body: FromIdRequest }>(
    `${PATH}/from-id`,
    {
      onRequest: reader,
      config: json,
      schema: {
        ...common,
        summary: "Read a scanned licence or ID card: its details, and the store's customer with that ID if any",
        params: StoreParams,
        body: FromIdRequestSchema,
        response: { 200: FromIdResponseSchema, ...failures(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => ({ ...success, ...(await customers.fromId(await storeOf(request), request.body.scanned)) }),
  );

  app.post<{ Params: Store; Body: NewCustomer }>(
    `${PATH}/check`,
    {
      onRequest: reader,
      config: json,
      schema: {
        ...common,
        summary:
          "The ID check of a person not on file yet, for a sale today (the store's day), before adding them: " +
          'their fields by the rules of adding one; nothing is stored',
        params: StoreParams,
        body: NewCustomerSchema,
        response: { 200: VerificationResponseSchema, ...failures(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => ({ ...success, ...(await customers.checkNew(await storeOf(request), request.body)) }),
  );

  app.get<{ Params: One }>(
    `${PATH}/:id`,
    {
      onRequest: reader,
      schema: {
        ...common,
        summary: 'One customer of the store',
        params: OneParams,
        response: { 200: CustomerResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ({ ...success, customer: await customers.get(await storeOf(request), request.params.id) }),
  );

  app.patch<{ Params: One; Body: CustomerPatch }>(
    `${PATH}/:id`,
    {
      onRequest: writer,
      config: json,
      schema: {
        ...common,
        summary:
          "Change a customer's fields (null clears an optional one), by the rules of adding one: 409 naming " +
          'the customer on file when another has the ID, phone or email it gives',
        params: OneParams,
        body: CustomerPatchSchema,
        response: { 200: CustomerResponseSchema, ...failures(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const store = await storeOf(request);
      const customer = await customers.update(
        store,
        request.params.id,
        request.body,
        await actorOf(auth, ctx.db, request.principal!),
      );
      return { ...success, customer };
    },
  );

  app.get<{ Params: One }>(
    `${PATH}/:id/verification`,
    {
      onRequest: reader,
      schema: {
        ...common,
        summary:
          "The customer's ID check for a sale today (the store's day) under the store's state rules: " +
          'verified with their age, or the reason in words',
        params: OneParams,
        response: { 200: VerificationResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      ...success,
      ...(await customers.verification(await storeOf(request), request.params.id)),
    }),
  );

  app.get<{ Params: Store }>(
    `${PATH}/rules`,
    {
      onRequest: reader,
      schema: {
        ...common,
        summary: 'The state rules the store enforces for its sales (ID check, purchase limits), or none',
        params: StoreParams,
        response: { 200: StoreRulesResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ({ ...success, ...allowances.rules(await storeOf(request)) }),
  );

  app.get<{ Params: One }>(
    `${PATH}/:id/allowance`,
    {
      onRequest: reader,
      schema: {
        ...common,
        summary:
          "What the customer may still buy today (the store's day) under the store's state rules: each limit " +
          'group with its limit, what they bought earlier at every register and online, and what remains',
        params: OneParams,
        response: { 200: AllowanceResponseSchema, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      ...success,
      ...(await allowances.allowance(await storeOf(request), request.params.id)),
    }),
  );

  app.get<{ Params: One; Querystring: CustomerOrdersQuery }>(
    `${PATH}/:id/orders`,
    {
      onRequest: reader,
      schema: {
        ...common,
        summary: "The customer's orders at the store: how many, their last visit, and a page of them newest first",
        params: OneParams,
        querystring: CustomerOrdersQuerySchema,
        response: { 200: CustomerOrdersResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const store = await storeOf(request);
      const customer = await customers.get(store, request.params.id);
      return customerOrders.read(store.id, customer.id, request.query);
    },
  );
}
