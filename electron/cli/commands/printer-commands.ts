import type { Command } from 'commander';
import type { PrinterView } from '../../../shared/contracts/printers.js';
import { OPERATOR } from '../../server/setup/store-setup.js';
import { wholeNumber } from '../arguments.js';
import { action, table } from '../cli-context.js';

const FIELDS = { address: 'the address', paperWidth: '--paper', terminalId: 'the register' };
const STORE = ['--dispensary <short>', 'the store (its short name)'] as const;

const SET_HELP = `
The address is tcp://host[:port] (a network printer's raw port, 9100 when left out) or a device path
(/dev/usb/lp0 for USB, /dev/ttyUSB0 or /dev/ttyS0 for serial, where the OS exposes one).

Examples:
  $ servicepay printers set front-1 tcp://192.168.1.50 --dispensary demo --open-drawer-on-cash
  $ servicepay printers set front-2 /dev/usb/lp0 --paper 58 --dispensary demo
  $ servicepay printers test front-1 --dispensary demo`;

const describePrinter = (printer: PrinterView) =>
  `${printer.terminalId}: ${printer.address}, ${printer.paperWidth} mm paper, ` +
  (printer.openDrawerOnCash ? 'opens the cash drawer on cash' : 'does not open the cash drawer');

/** `servicepay printers set|list|remove|test`: the receipt printers of a store's registers. */
export function registerPrinterCommands(program: Command): void {
  const printers = program
    .command('printers')
    .description("Receipt printers (ESC/POS) of a store's registers: one per register, on the network or a device");
  printers
    .command('set <register> <address>')
    .description("Set a register's receipt printer (replacing the one it had)")
    .requiredOption(...STORE)
    .option('--paper <mm>', 'paper width: 80 (default, 48 columns) or 58 (32 columns)', wholeNumber)
    .option('--open-drawer-on-cash', 'the cash drawer is wired to this printer: open it on cash sales and cash back')
    .addHelpText('after', SET_HELP)
    .action(
      action(
        async (
          cli,
          terminal: string,
          address: string,
          o: { dispensary: string; paper?: number; openDrawerOnCash?: boolean },
        ) => {
          const input = { address, paperWidth: o.paper, openDrawerOnCash: o.openDrawerOnCash === true };
          const printer = await cli.setup.printers.set(OPERATOR, o.dispensary, terminal, input);
          cli.print(printer, `Printer set. ${describePrinter(printer)}.`);
        },
        FIELDS,
      ),
    );
  printers
    .command('list')
    .description("The store's receipt printers, by register")
    .requiredOption(...STORE)
    .action(
      action(async (cli, o: { dispensary: string }) => {
        const list = await cli.setup.printers.list(OPERATOR, o.dispensary);
        const rows = list.map((p) => ({
          register: p.terminalId,
          address: p.address,
          paper: `${p.paperWidth} mm`,
          drawer: p.openDrawerOnCash ? 'opens on cash' : 'no',
        }));
        cli.print(list, () => table(rows, ['register', 'address', 'paper', 'drawer']));
      }),
    );
  printers
    .command('remove <register>')
    .description("Remove a register's printer: its receipts go back to the print dialog")
    .requiredOption(...STORE)
    .action(
      action(async (cli, terminal: string, o: { dispensary: string }) => {
        await cli.setup.printers.remove(OPERATOR, o.dispensary, terminal);
        cli.print({ removed: terminal }, `Register ${terminal} has no receipt printer now.`);
      }, FIELDS),
    );
  printers
    .command('test <register>')
    .description("Print a test page on a register's printer; says why when it does not print")
    .requiredOption(...STORE)
    .action(
      action(async (cli, terminal: string, o: { dispensary: string }) => {
        const result = await cli.setup.printers.test(OPERATOR, o.dispensary, terminal);
        cli.print(
          result,
          result.printed ? `Test page sent to ${terminal}'s printer.` : `Not printed: ${result.problem}.`,
        );
        if (!result.printed) cli.io.fail();
      }, FIELDS),
    );
}
