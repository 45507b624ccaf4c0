import { Type } from 'typebox';
import {
  PrinterInputSchema,
  PrinterResponseSchema,
  PrintersResponseSchema,
  PrintResultSchema,
  type PrinterInput,
} from '../../../shared/contracts/printers.js';
import { SuccessFields } from '../../../shared/contracts/common.js';
import { success, type setupRoutes } from '../dispensaries/setup-route.js';
import type { PrinterSetup } from './printer-setup.js';

const Terminal = { terminalId: Type.String({ maxLength: 100 }) };

/** The receipt printers of a store's registers, under `/v2.0/dispensary/<short>/setup/printers` (`store:manage`). */
export function registerPrinterSetupRoutes(route: ReturnType<typeof setupRoutes>, printers: PrinterSetup): void {
  route(
    {
      method: 'GET',
      path: '/printers',
      summary: "The store's receipt printers, by register",
      response: PrintersResponseSchema,
    },
    async ({ actor, params }) => success({ printers: await printers.list(actor, params.dispensaryShortName) }),
  );
  route<PrinterInput>(
    {
      method: 'PUT',
      path: '/printers/:terminalId',
      summary: "Set a register's receipt printer (replacing the one it had)",
      description:
        'address: tcp://host[:port] (raw printing, port 9100 by default) or a device path such as /dev/usb/lp0. ' +
        "terminalId must be one of the store's registers (one someone signed in at, that opened a drawer or is " +
        'attached; front-1 in a store with none attached): any other is refused (400), naming those it has.',
      params: Terminal,
      body: PrinterInputSchema,
      response: PrinterResponseSchema,
    },
    async ({ actor, params, body }) =>
      success({ printer: await printers.set(actor, params.dispensaryShortName, params.terminalId!, body) }),
  );
  route(
    {
      method: 'DELETE',
      path: '/printers/:terminalId',
      summary: "Remove a register's receipt printer (its receipts go back to the print dialog)",
      params: Terminal,
      response: Type.Object(SuccessFields),
    },
    async ({ actor, params }) => {
      await printers.remove(actor, params.dispensaryShortName, params.terminalId!);
      return success({});
    },
  );
  route(
    {
      method: 'POST',
      path: '/printers/:terminalId/test',
      summary: "Print a test page on a register's printer; printed: false says why it did not",
      params: Terminal,
      response: PrintResultSchema,
    },
    async ({ actor, params }) => {
      const {
        resultCode: _code,
        resultReason: _reason,
        ...result
      } = await printers.test(actor, params.dispensaryShortName, params.terminalId!);
      return success(result);
    },
  );
}
