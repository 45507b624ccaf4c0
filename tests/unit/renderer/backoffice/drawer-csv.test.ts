import { describe, expect, it } from 'vitest';
import { reportCsv, reportFileName } from '../../../../renderer/backoffice/logic/drawer-csv.js';
import { textField, toCsv } from '../../../../renderer/backoffice/logic/csv.js';
import { expectedWords, overShortWords } from '../../../../renderer/common/drawer-words.js';
import { SALES, shift, zReport } from './drawer-report-fixture.js';

const ZONE = 'America/Los_Angeles';

describe('over/short in words', () => {
  it.each([
    [-500, '$5.00 short'],
    [200, '$2.00 over'],
    [0, 'balanced'],
    [-123_456, '$1,234.56 short'],
    [1, '$0.01 over'],
  ])('%i cents reads "%s"', (cents, words) => {
    expect(overShortWords(cents)).toBe(words);
  });

  it('an open blind drawer says its expected cash is hidden', () => {
    expect(expectedWords(shift({ status: 'open', expected: null }))).toBe('Hidden until the close');
    expect(expectedWords(shift({ status: 'open', expected: 21_250 }))).toBe('$212.50');
  });
});

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks, and ends lines in CRLF', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', 3]])).toBe('"a,b","say ""hi""","two\nlines",3\r\n');
  });

  it('typed text never starts a spreadsheet formula', () => {
    expect(textField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(textField('+1')).toBe("'+1");
    expect(textField('@x')).toBe("'@x");
    expect(textField('Window cleaner')).toBe('Window cleaner');
  });
});

describe("a drawer report's CSV", () => {
  it('has a header row, then every figure in dollars with two decimals and every time in the store zone', () => {
    const lines = reportCsv(zReport(), ZONE).split('\r\n');
    expect(lines).toEqual([
      'Section,Item,Count,Amount,Who,When,Note',
      'Report,Z report 3,,,,"Nov 23, 2026, 5:30 PM PST",Register front-1',
      'Shift,Opened,,,Casey Cashier,"Nov 23, 2026, 9:00 AM PST",',
      'Shift,Closed,,,Morgan Manager,"Nov 23, 2026, 5:30 PM PST",',
      'Cash,Float counted in,,200.00,,,',
      'Cash,Cash handed over by customers,,170.00,,,',
      'Cash,Change given,,-20.00,,,',
      'Cash,Cash back of cashless ATM round-ups,,-7.25,,,',
      'Cash,Cash refunds,,-5.00,,,',
      'Cash,Paid in,,10.00,,,',
      'Cash,Paid out,,-12.50,,,',
      'Cash,Safe drops,,-85.25,,,',
      'Cash,Expected in the drawer,,250.00,,,',
      'Cash,Counted,,245.00,,,',
      'Cash,Over/short,,-5.00,,,$5.00 short',
      'Sales,Cashless ATM,1,42.75,,,',
      'Cash back,Cashless ATM,,7.25,,,',
      'Sales,Cash,3,150.00,,,',
      'Tips,Cash,,2.00,,,',
      'Refunds,Cash,1,5.00,,,',
      'Voids,Cash,1,12.34,,,',
      'Taxes,Cannabis excise,,23.10,,,',
      'Taxes,"Sales tax, state",,14.05,,,',
      'Totals,Sales,4,,,,',
      'Totals,Customers,3,,,,',
      'Totals,Discounts,,3.50,,,',
      'Totals,Reward dollars,,1.00,,,',
      'Totals,Tips,,2.00,,,',
      'Movement,Safe drop,,85.25,"Casey Cashier, approved by Morgan Manager","Nov 23, 2026, 1:05 PM PST","Drawer over $300, ""big"" bills"',
      `Movement,Paid out,,12.50,Morgan Manager,"Nov 23, 2026, 2:10 PM PST","'=HYPERLINK(""x"")"`,
      '',
    ]);
  });

  it('the cash lines add up to the expected cash', () => {
    const amounts = reportCsv(zReport(), ZONE)
      .split('\r\n')
      .filter((line) => line.startsWith('Cash,') && !/Expected|Counted|Over/.test(line))
      .map((line) => Math.round(Number(line.split(',')[3]) * 100));
    expect(amounts.reduce((sum, cents) => sum + cents, 0)).toBe(25_000);
  });

  it('has the sales from gross to net to what was taken, adding up to the cent, before the methods', () => {
    const sales = {
      ...SALES,
      dealDiscounts: [{ name: 'Bundle, 3 for $20', amount: 0 }],
      summary: {
        gross: 15010,
        discounts: 350,
        dealDiscounts: 0,
        manualDiscounts: 100,
        otherDiscounts: 250,
        // $5.00 handed back: a return of $4.20 and its $0.80 of tax.
        returns: 420,
        net: 14240,
        tax: 3715,
        taxRefunded: 80,
        delivery: 0,
        rewardDollars: 100,
        rewardDollarsBack: 0,
        paidTowardOpen: 1000,
        paidWithoutOrder: 0,
        paidEarlier: 0,
        tipsRefunded: 0,
        taken: 18775,
      },
    };
    const lines = reportCsv(zReport(sales), ZONE).split('\r\n');
    const summary = lines.filter((line) => line.startsWith('Sales summary,'));
    expect(summary).toEqual([
      'Sales summary,Gross sales,,150.10,,,',
      'Sales summary,Discounts,,-3.50,,,',
      'Sales summary,"Bundle, 3 for $20",,0.00,,,Part of the discounts',
      'Sales summary,By hand,,-1.00,,,Part of the discounts',
      'Sales summary,Promotions and other,,-2.50,,,Part of the discounts',
      'Sales summary,Refunds and returns,,-4.20,,,',
      'Sales summary,Net sales,,142.40,,,',
      'Sales summary,Tax,,37.15,,,',
      'Sales summary,Tax refunded,,-0.80,,,',
      'Sales summary,Paid with reward dollars,,-1.00,,,',
      'Sales summary,Paid toward open orders,,10.00,,,',
      'Sales summary,Total taken,,187.75,,,',
      'Sales summary,Payments and sales,,,,,"$10.00 was paid toward orders this shift did not complete (a deposit ' +
        'or part of an order): it is in the payments, and in the sales of the shift that completes each order."',
    ]);
    expect(lines.indexOf(summary[0]!)).toBeLessThan(lines.indexOf('Sales,Cashless ATM,1,42.75,,,'));
    const cents = (line: string) => Math.round(Number(line.split(',').at(-4)) * 100);
    const spine = summary.filter(
      (line) => !line.includes('Part of') && !/Net sales|Total taken|Payments and/.test(line),
    );
    const net = spine.slice(0, 3).reduce((sum, line) => sum + cents(line), 0);
    expect(net).toBe(14240);
    expect(net + spine.slice(3).reduce((sum, line) => sum + cents(line), 0)).toBe(18775);
    // What the payment methods took less their refunds is the total taken.
    expect(SALES.byMethod.reduce((sum, m) => sum + m.amount - m.refunded, 0)).toBe(18775);
  });

  it('a report without its sales section still exports its cash and movements', () => {
    const csv = reportCsv(zReport(null), ZONE);
    expect(csv).toContain('Cash,Over/short,,-5.00,,,$5.00 short');
    expect(csv).not.toContain('Totals,');
    expect(csv).toContain('Movement,Safe drop');
  });

  it('an X report of a blind shift leaves out the cash it may not show', () => {
    const open = { ...zReport(null), kind: 'X' as const, flows: null };
    open.shift = shift({
      status: 'open',
      closedAt: null,
      closedBy: null,
      counted: null,
      expected: null,
      overShort: null,
      zNumber: null,
    });
    const lines = reportCsv(open, ZONE).split('\r\n');
    expect(lines[1]).toBe('Report,X report,,,,"Nov 23, 2026, 5:30 PM PST",Register front-1');
    expect(lines.filter((line) => line.startsWith('Cash,'))).toEqual([]);
  });

  it('is named after its register and Z number, or the day of an X report', () => {
    expect(reportFileName(zReport(), '2026-11-23')).toBe('z-report-front-1-3.csv');
    const open = { ...zReport(), kind: 'X' as const, shift: shift({ status: 'open', zNumber: null }) };
    expect(reportFileName(open, '2026-11-23')).toBe('x-report-front-1-2026-11-23.csv');
  });
});
