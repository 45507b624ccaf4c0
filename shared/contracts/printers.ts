import { Type, type Static } from 'typebox';
import { TERMINAL_ID_PATTERN } from '../terminal-id.js';
import { SuccessFields } from './common.js';

/**
 * Receipt printers (issue 16, README "Receipt printers"): at most one ESC/POS printer per
 * register, on the network (raw TCP, port 9100) or a local device path, and what it prints.
 */

export const PAPER_WIDTHS = [80, 58] as const;

/** A register's printer as the store set it up. */
export const PrinterViewSchema = Type.Object({
  terminalId: Type.String(),
  /** `tcp://host:port` or a device path such as `/dev/usb/lp0`. */
  address: Type.String(),
  paperWidth: Type.Union([Type.Literal(80), Type.Literal(58)]),
  /** The cash drawer wired to the printer opens on a cash sale or cash back. */
  openDrawerOnCash: Type.Boolean(),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type PrinterView = Static<typeof PrinterViewSchema>;

/** `PUT …/setup/printers/<terminal>`: sets (or replaces) a register's printer. */
export const PrinterInputSchema = Type.Object(
  {
    address: Type.String({
      minLength: 1,
      maxLength: 300,
      description: 'tcp://host[:port] (port 9100 when left out) or a local device path (/dev/usb/lp0, /dev/ttyUSB0)',
    }),
    paperWidth: Type.Optional(
      Type.Integer({ minimum: 58, maximum: 80, description: '80 (default) or 58 millimetres' }),
    ),
    openDrawerOnCash: Type.Optional(Type.Boolean({ description: 'Default false' })),
  },
  { additionalProperties: false },
);
export type PrinterInput = Static<typeof PrinterInputSchema>;

export const PrintersResponseSchema = Type.Object({ ...SuccessFields, printers: Type.Array(PrinterViewSchema) });
export const PrinterResponseSchema = Type.Object({ ...SuccessFields, printer: PrinterViewSchema });

/** `POST …/registers/<terminal>/printer/print`: exactly one of receipt, bagLabel, report or test. */
export const PrintRequestSchema = Type.Object(
  {
    receipt: Type.Optional(
      Type.Object(
        {
          orderId: Type.String({ minLength: 1, maxLength: 100 }),
          /** Marks the receipt "Reprint". */
          reprint: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
    bagLabel: Type.Optional(
      Type.Object(
        {
          orderId: Type.String({ minLength: 1, maxLength: 100 }),
          bags: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 20, description: 'How many bags: one label each (default 1)' }),
          ),
        },
        { additionalProperties: false, description: "A packed online order's labels: its number as a barcode" },
      ),
    ),
    report: Type.Optional(
      Type.Object({ shiftId: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
    ),
    test: Type.Optional(Type.Literal(true)),
    /**
     * Kick the cash drawer before printing: only with the receipt of a sale that took or gave back
     * cash in the register's open shift, the first time it reaches the printer; else refused.
     */
    openDrawer: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PrintRequest = Static<typeof PrintRequestSchema>;

/**
 * How a print went. A printer that refuses, stalls or errors never fails the request: `printed` is
 * false and `problem` says why in words. `configured: false`: the register has no printer (print
 * another way, e.g. the browser's dialog).
 */
export const PrintResultSchema = Type.Object({
  ...SuccessFields,
  printed: Type.Boolean(),
  configured: Type.Boolean(),
  /** The drawer-kick pulse was sent (asked for, and the printer took the bytes). */
  drawerOpened: Type.Boolean(),
  problem: Type.Optional(Type.String()),
});
export type PrintResult = Static<typeof PrintResultSchema>;

export const REGISTER_PARAMS = {
  dispensaryShortName: Type.String({ maxLength: 100 }),
  terminalId: Type.String({ pattern: TERMINAL_ID_PATTERN }),
};
