import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../../electron/server/printing/escpos.js';
import type { DrawerReport, ShiftSales } from '../../../shared/contracts/cash.js';
import { drawerReport } from '../../../shared/receipt/drawer-report.js';
import { printedLines } from '../../../shared/receipt/receipt-document.js';
import { salesSummaryLines } from '../../../shared/receipt/shift-sales-summary.js';
import { decodeEscPos } from '../../support/escpos-decoder.js';

// A closed shift: $109.33 gross, a deal, a discount by hand and a loyalty tier off, a $25.00 refund,
// $10.00 paid toward an order it did not complete and $3.00 of its sales paid before it.
const SALES: ShiftSales = {
  byMethod: [
    {
      method: 'Cash',
      count: 3,
      amount: 11558,
      tip: 0,
      cashback: 0,
      refundCount: 1,
      refunded: 2500,
      voidCount: 0,
      voided: 0,
    },
  ],
  sales: 4,
  customers: 4,
  taxes: [{ name: 'Cannabis excise', amount: 725 }],
  discounts: 300,
  dealDiscounts: [{ name: 'Wednesday edibles, twenty percent off every gummy', amount: 230 }],
  rewardDollars: 500,
  tips: 0,
  summary: {
    gross: 10933,
    discounts: 300,
    dealDiscounts: 230,
    manualDiscounts: 40,
    otherDiscounts: 30,
    returns: 2300,
    net: 8333,
    tax: 725,
    taxRefunded: 200,
    delivery: 0,
    rewardDollars: 500,
    rewardDollarsBack: 0,
    paidTowardOpen: 1000,
    paidWithoutOrder: 0,
    paidEarlier: 300,
    tipsRefunded: 0,
    taken: 9058,
  },
};

const report = (sales: ShiftSales): DrawerReport => ({
  kind: 'Z',
  shift: {
    id: 'sh_1',
    terminalId: 'front-1',
    status: 'closed',
    blind: false,
    openedBy: { id: 'u1', name: 'Casey Cashier' },
    openedAt: '2026-11-23T16:00:00Z',
    float: 20000,
    floatCount: null,
    closedBy: { id: 'u2', name: 'Morgan Manager' },
    closedAt: '2026-11-24T01:30:00Z',
    counted: 20000,
    countedCount: null,
    expected: 20000,
    overShort: 0,
    zNumber: 7,
  },
  flows: {
    float: 20000,
    cashTendered: 0,
    changeGiven: 0,
    cashBack: 0,
    cashRefunds: 0,
    paidIn: 0,
    paidOut: 0,
    safeDrops: 0,
  },
  sales,
  movements: [],
  generatedAt: '2026-11-24T01:30:00Z',
});

const across = (columns: number, label: string, amount: string) =>
  `${label}${' '.repeat(columns - label.length - amount.length)}${amount}`;

describe('the X/Z report’s Sales section as printed', () => {
  it.each([48, 42, 32])('fits %i columns: gross to net to total taken, each line flush right', (columns) => {
    const lines = printedLines(drawerReport(report(SALES), 'Green Valley', 'America/Los_Angeles'), columns).map(
      (line) => line.text,
    );
    expect(lines.every((line) => line.length <= columns)).toBe(true);
    const row = (label: string, amount: string) => across(columns, label, amount);
    const start = lines.indexOf('Sales');
    expect(start).toBeGreaterThan(0);
    const section = lines.slice(start, lines.indexOf(row('Total taken', '$90.58')) + 1);
    expect(section).toEqual(
      expect.arrayContaining([
        row('Gross sales', '$109.33'),
        row('Discounts', '-$3.00'),
        row('  By hand', '-$0.40'),
        row('  Promotions and other', '-$0.30'),
        row('Refunds and returns', '-$23.00'),
        row('Net sales', '$83.33'),
        row('Tax', '$7.25'),
        row('Tax refunded', '-$2.00'),
        row('Paid with reward dollars', '-$5.00'),
        row('Paid toward open orders', '$10.00'),
        row('Paid before this shift', '-$3.00'),
        row('Total taken', '$90.58'),
      ]),
    );
    // A long deal name wraps; its amount stays on its last line.
    expect(section.join('\n')).toMatch(/Wednesday edibles/);
    expect(section.some((line) => line.endsWith('-$2.30'))).toBe(true);
    // The lines no sale needs are left out; the reward dollars are not repeated below.
    expect(lines.join('\n')).not.toMatch(/Delivery|Paid with no order|^Reward dollars|Tips refunded/m);
    // Why the payments are not the sales, in words.
    expect(lines.join(' ')).toContain('$10.00 was paid toward orders this shift did not complete');
  });

  it('prints the same on a receipt printer (ESC/POS on 80 mm paper)', () => {
    const printed = decodeEscPos(
      encodeDocument(drawerReport(report(SALES), 'Green Valley', 'America/Los_Angeles'), 80, { kick: false }),
    );
    expect(printed.lines).toContain(across(48, 'Net sales', '$83.33'));
    expect(printed.lines).toContain(across(48, 'Tax refunded', '-$2.00'));
    expect(printed.lines).toContain(across(48, 'Total taken', '$90.58'));
    const bold = printed.events
      .filter((event) => event.kind === 'text' && event.bold)
      .map((e) => e.kind === 'text' && e.text.trim());
    expect(bold).toEqual(expect.arrayContaining(['Sales', across(48, 'Net sales', '$83.33')]));
    expect(printed.kicks).toEqual([]);
  });

  // The same refunds ($25.00), a dollar of them a tip handed back: a smaller return, the same taken.
  const withTip = { ...SALES.summary!, returns: 2200, net: 8433, tipsRefunded: 100 };
  // The same refunds, their sale paid $2.00 of its reward dollars, which the return gave back too.
  const rewardBack = { ...SALES.summary!, returns: 2500, net: 8133, rewardDollarsBack: 200 };
  it.each([
    ['returns and their tax', SALES.summary!],
    ['a tip refunded too', withTip],
    ['reward dollars given back', rewardBack],
  ])('adds up to the cent: every line of the section sums to its total (%s)', (_case, summary) => {
    const lines = salesSummaryLines(SALES, summary);
    const spine = lines.filter((line) => !line.part && !line.strong);
    const [gross, discounts, returns] = spine;
    expect(gross!.amount + discounts!.amount + returns!.amount).toBe(summary.net);
    const afterNet = spine.slice(3).reduce((sum, line) => sum + line.amount, 0);
    expect(summary.net + afterNet).toBe(summary.taken);
    expect(lines.some((line) => line.label === 'Tips refunded')).toBe(summary.tipsRefunded !== 0);
    const back = lines.find((line) => line.label === 'Reward dollars given back');
    expect(back?.amount ?? 0).toBe(summary.rewardDollarsBack);
    const parts = lines.filter((line) => line.part).reduce((sum, line) => sum + line.amount, 0);
    expect(parts).toBe(discounts!.amount);
  });

  it('prints a Z report kept before the section existed as it was: discounts and reward dollars', () => {
    const { summary: _summary, ...older } = SALES;
    const lines = printedLines(drawerReport(report(older), 'Green Valley', 'America/Los_Angeles'), 48).map(
      (line) => line.text,
    );
    expect(lines).toContain(across(48, 'Discounts', '$3.00'));
    expect(lines).toContain(across(48, 'Reward dollars', '$5.00'));
    expect(lines.join('\n')).not.toMatch(/Gross sales|Total taken/);
  });
});
