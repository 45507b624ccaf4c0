// `servicepay deals` saying what it refuses and warns of in an operator's words, on the engine under
// test, the demo store: a deal with no run left, a resumed bundle that never saves, dates that hold
// none of a deal's days, the tiers it may be for.
import { describe, expect, it } from 'vitest';
import type { DealView } from '../../../shared/contracts/deals.js';
import { DAY_NAMES, dateWords } from '../../../shared/deals/deal-words.js';
import { weekdayOf } from '../../../shared/deals/schedule.js';
import { shiftDay, zonedDate } from '../../../shared/zoned-day.js';
import { demoCli } from '../support/demo-cli.js';

const { servicepay, json, demo } = await demoCli();
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

describe('servicepay deals, in words', { timeout: 60_000 }, () => {
  it('warns of a deal added with no run left before its end, naming its last day', async () => {
    // The CLI runs by the real clock: the demo store's today (Los Angeles), and a weekday of its
    // dates that passed two days ago, the only one of them.
    const today = zonedDate(new Date(), 'America/Los_Angeles');
    const last = shiftDay(today, -2);
    const added = await servicepay(
      ...['deals', 'add', ...demo, '--name', 'Past day', '--kind', 'percent', '--percent', '5'],
      ...['--from', shiftDay(today, -4), '--to', shiftDay(today, 1), '--days', DAYS[weekdayOf(last)]!],
    );
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toContain(
      `\nWarning: It could last run on ${DAY_NAMES[weekdayOf(last)]}, ${dateWords(last)} and no longer applies: ` +
        'change its dates, days or hours to run it again, or archive it.\n',
    );
    // Its days moved to tomorrow's: it runs again, and the warning goes.
    const tomorrow = DAYS[weekdayOf(shiftDay(today, 1))]!;
    const moved = await json<{ deal: DealView }>('deals', 'set', 'Past day', ...demo, '--days', tomorrow);
    expect(moved.deal.warning).toBeNull();
  });

  it('refuses to resume a bundle that never saves in the options’ words, as add does', async () => {
    const add = await json<{ deal: DealView }>(
      ...['deals', 'add', ...demo, '--name', 'Pre-roll trio', '--kind', 'bundle', '--bundle', '3'],
      ...['--bundle-price', '20.00', '--products', 'PRE-001,PRE-002'],
    );
    expect(add.deal.summary).toBe('Any 3 of Blue Dream Pre-Roll and Northern Lights Pre-Roll for $20.00');
    expect((await servicepay('deals', 'pause', 'Pre-roll trio', ...demo)).status).toBe(0);
    // Paused, its price is not checked against its products; resumed, it is.
    expect((await servicepay('deals', 'set', 'Pre-roll trio', ...demo, '--bundle-price', '90')).status).toBe(0);
    const resumed = await servicepay('deals', 'resume', 'Pre-roll trio', ...demo);
    expect([resumed.status, resumed.stderr]).toEqual([
      1,
      'servicepay: --bundle-price of $90.00 for 3 never saves anything: its dearest product is $12.00, so any 3 ' +
        "cost at most $36.00. Lower the bundle's price, or add dearer products to it\n",
    ]);
  });

  it('says dates changed alone that hold none of the deal’s days beside the dates, naming them', async () => {
    expect(
      (
        await servicepay(
          ...['deals', 'add', ...demo, '--name', 'Wednesday edibles'],
          ...['--kind', 'percent', '--percent', '20', '--categories', 'EDIBLE', '--days', 'wed'],
        )
      ).status,
    ).toBe(0);
    const moved = await servicepay(
      ...['deals', 'set', 'Wednesday edibles', ...demo, '--from', '2026-12-10', '--to', '2026-12-11'],
    );
    expect([moved.status, moved.stderr]).toEqual([
      1,
      'servicepay: --from: No Wednesday falls between Dec 10, 2026 and Dec 11, 2026: the deal would never run\n',
    ]);
  });

  it('helps with a tier group by the tier’s name, as the service takes it', async () => {
    const help = await servicepay('deals', 'add', '--help');
    expect(help.stdout).toContain('tier:Silver (a loyalty tier, by its name)');
    expect(help.stdout).not.toContain('tier:<id>');
  });

  it('says a deal’s limits and uses so far, and what priority decides (issue 31)', async () => {
    const added = await servicepay(
      ...['deals', 'add', ...demo, '--name', 'Once code', '--kind', 'amount', '--amount', '5.00'],
      ...['--trigger', 'code', '--code', 'ONCE5', '--uses', '1', '--products', 'EDI-004'],
    );
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/: \$5\.00 off each: .+, code ONCE5, once in all \(used 0 of 1\)\.\n/);
    const listed = await servicepay('deals', 'list', ...demo);
    expect(listed.stdout).toMatch(/^deal\s+gives\s+uses\s+state\s+id$/m);
    expect(listed.stdout).toMatch(
      /^Once code\s+\$5\.00 off each: .+, code ONCE5, once in all\s+used 0 of 1\s+active\s/m,
    );
    const help = await servicepay('deals', 'set', '--help');
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      'stackable deals apply higher first; between exclusive deals it decides only a tie (default 0)',
    );
  });
});
