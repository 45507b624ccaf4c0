import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ImportReportSchema } from '../../../../shared/contracts/setup-people.js';
import type { AuthService } from '../../auth/auth-service.js';
import type { ServiceContext } from '../../core/context.js';
import { toImportReport } from '../catalog-setup.js';
import { StoreSetup } from '../store-setup.js';
import { registerPaymentSetupRoutes } from './payment-setup-routes.js';
import { registerPeopleRoutes } from './people-routes.js';
import { setupRoutes } from '../../dispensaries/setup-route.js';
import { registerStoreRoutes } from './store-routes.js';
import { registerWebhookRoutes } from '../../webhooks/webhook-routes.js';
import { registerPrinterSetupRoutes } from '../../printing/printer-setup-routes.js';
import { registerRegisterSetupRoutes } from '../../registers/register-setup-routes.js';
import { registerStateReportingRoutes } from '../../state-reporting/state-reporting-routes.js';
import { registerProductRoutes } from '../../products/product-routes.js';
import type { CatalogChange, CountChange, DealsChange, StoreChange } from '../../../../shared/contracts/live.js';
import { registerAdjustmentRoutes } from '../../inventory/adjustment-routes.js';
import { registerCountRoutes } from '../../inventory/count-routes.js';
import { registerStockValueRoutes } from '../../inventory/stock-value-routes.js';
import { registerRoomRoutes } from '../../inventory/room-routes.js';
import { registerReceivingRoutes } from '../../inventory/receiving-routes.js';
import { registerReceiptLabelRoutes } from '../../inventory/receipt-label-routes.js';
import { registerDealRoutes } from '../../deals/deal-routes.js';
import { ManagerPins } from '../../auth/manager-pins.js';

/** A catalog file sent as JSON: its name (for the format) and its text, as read from the disk. */
const CatalogUpload = Type.Object(
  {
    fileName: Type.String({ minLength: 1, maxLength: 255, description: 'e.g. products.csv' }),
    format: Type.Optional(Type.Enum(['csv', 'json'], { description: 'Default: from the file name' })),
    text: Type.String({ maxLength: 48 * 1024 * 1024, description: 'The whole file' }),
  },
  { additionalProperties: false },
);

/**
 * The back office's set-up API (`/v2.0/dispensary/<short>/setup/…`): a store's settings, taxes,
 * locations, payment configuration, PIN pads, staff, API clients, webhooks, state reporting and catalog import, over the same
 * service as the `servicepay` command (electron/server/setup/).
 */
export function registerSetupRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  auth: AuthService,
  stateRecorded: () => void,
): void {
  const catalogChanged = (dispensaryId: string, productIds: string[]) =>
    ctx.live.publishTo(dispensaryId, 'catalog', 'catalog.changed', { productIds } satisfies CatalogChange);
  const pins = ManagerPins.of(ctx);
  const countChanged = (dispensaryId: string, number: number) =>
    ctx.live.publishTo(dispensaryId, 'counts', 'count.changed', { number } satisfies CountChange);
  const storeChanged = (dispensaryId: string, fields: string[]) =>
    ctx.live.publishTo(dispensaryId, 'store', 'store.changed', { fields } satisfies StoreChange);
  const dealsChanged = (dispensaryId: string) =>
    ctx.live.publishTo(dispensaryId, 'catalog', 'deals.changed', {} satisfies DealsChange);
  const setup = new StoreSetup(ctx.db, ctx.now, ctx.profiles, {
    catalogChanged,
    countChanged,
    storeChanged,
    dealsChanged,
    pins,
    stateRecorded,
  });
  const route = setupRoutes(app, auth);
  registerStoreRoutes(route, setup);
  registerPaymentSetupRoutes(route, setup);
  registerPeopleRoutes(route, setup);
  registerWebhookRoutes(route, setup.webhooks);
  registerPrinterSetupRoutes(route, setup.printers);
  registerRegisterSetupRoutes(route, setup.registers);
  registerStateReportingRoutes(app, auth, route, setup.stateReporting);
  registerProductRoutes(route, setup.products, setup.labels, setup.copies);
  registerAdjustmentRoutes(route, setup.inventory);
  registerCountRoutes(route, setup.counts);
  registerStockValueRoutes(route, setup.stockValues);
  registerRoomRoutes(route, setup.rooms, setup.moves, setup.packageDetails);
  registerReceivingRoutes(route, setup.receiving);
  registerReceiptLabelRoutes(route, setup.receiptLabels);
  registerDealRoutes(route, setup.deals);
  route<{ fileName: string; format?: 'csv' | 'json'; text: string }>(
    {
      method: 'POST',
      path: '/catalog/import',
      summary: 'Import a catalog file (CSV or JSON), as `servicepay catalog import` does',
      description:
        'Every row is checked first; when any is refused nothing is imported and the answer lists them ' +
        '(imported: false, with line numbers). Products are matched by sku: importing again updates them.',
      body: CatalogUpload,
      response: ImportReportSchema,
      bodyLimit: 64 * 1024 * 1024,
    },
    async ({ actor, params, body }) => {
      const file = { name: body.fileName, text: body.text };
      return toImportReport(
        await setup.catalog.import(actor, params.dispensaryShortName, file, { format: body.format }),
      );
    },
  );
}
