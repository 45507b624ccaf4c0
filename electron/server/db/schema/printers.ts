import type { Flag } from './flag.js';

// Receipt printers: at most one per register (migration 010).

export interface ReceiptPrintersTable {
  organization_id: string;
  dispensary_id: string;
  terminal_id: string;
  /** `tcp://host:port` (raw TCP, port 9100 by default) or a local device path (`/dev/usb/lp0`). */
  address: string;
  /** Paper width in millimetres: 80 (48 columns) or 58 (32 columns). */
  paper_mm: number;
  /** Kick the cash drawer (wired to the printer) when a cash sale or cash back is printed. */
  open_drawer_on_cash: Flag;
  updated_at: string;
}
