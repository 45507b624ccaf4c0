// `servicepay deals list|add|set|pause|resume|archive` as an operator runs them, on the engine under
// test, the demo store.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DealView } from '../../../shared/contracts/deals.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { scratchFolder } from '../../support/scratch-folder.js';
import { demoCli } from '../support/demo-cli.js';

const { servicepay, json, demo, database } = await demoCli();
const scratch = scratchFolder('deal-files-');

describe('servicepay deals', { timeout: 60_000 }, () => {
  it('adds a weekday deal, a bundle and a promo code from options, and lists them', async () => {
    const wednesday = await json<{ deal: DealView }>(
      'deals',
      'add',
      ...demo,
      '--name',
      'Wednesday edibles',
      '--kind',
      'percent',
      '--percent',
      '20',
      '--categories',
      'EDIBLE',
      '--days',
      'wed',
      '--hours',
      '10am-2pm',
    );
    expect(wednesday.deal).toMatchObject({
      kind: 'percent',
      percent: 20,
      scope: { categories: ['EDIBLE'] },
      schedule: { weekdays: [3], startMinute: 600, endMinute: 840 },
    });
    const bundle = await servicepay(
      'deals',
      'add',
      ...demo,
      '--name',
      '3 pre-rolls for $20',
      '--kind',
      'bundle',
      '--bundle',
      '3',
      '--bundle-price',
      '20.00',
      '--categories',
      'PREROLL',
    );
    expect(bundle.status, bundle.stderr).toBe(0);
    expect(bundle.stdout).toMatch(/^Added 3 pre-rolls for \$20 at Green Valley Dispensary: /);
    const code = await json<{ deal: DealView }>(
      'deals',
      'add',
      ...demo,
      '--name',
      'Spring code',
      '--kind',
      'percent',
      '--percent',
      '10',
      '--trigger',
      'code',
      '--code',
      'spring10',
    );
    expect(code.deal).toMatchObject({ trigger: 'code', code: 'SPRING10' });
    const listed = await servicepay('deals', 'list', ...demo);
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^deal\s+gives\s+state\s+id$/m);
    expect(listed.stdout).toMatch(/^Spring code\s+.+code SPRING10\s+active\s/m);
  });

  it('takes --code as typed, the code NONE too; a deal of another trigger has no code, dropped as it changes', async () => {
    const none = await json<{ deal: DealView }>(
      ...['deals', 'add', ...demo, '--name', 'None code', '--kind', 'percent', '--percent', '5'],
      ...['--trigger', 'code', '--code', 'none'],
    );
    expect(none.deal).toMatchObject({ trigger: 'code', code: 'NONE' });
    const renamed = await json<{ deal: DealView }>('deals', 'set', 'None code', ...demo, '--code', 'None');
    expect(renamed.deal).toMatchObject({ trigger: 'code', code: 'NONE' });
    const automatic = await json<{ deal: DealView }>('deals', 'set', 'None code', ...demo, '--trigger', 'automatic');
    expect(automatic.deal).toMatchObject({ trigger: 'automatic', code: null });
    const coded = await servicepay('deals', 'set', 'None code', ...demo, '--code', 'none');
    expect([coded.status, coded.stderr]).toEqual([
      1,
      "servicepay: --code is only for a --trigger code deal (this one's is automatic): leave it out\n",
    ]);
    const help = await servicepay('deals', 'set', '--help');
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('"none" is the code NONE');
  });

  it('refuses a bad option naming it, and a deal it does not know', async () => {
    const hours = await servicepay(
      'deals',
      'add',
      ...demo,
      '--name',
      'Late',
      '--kind',
      'percent',
      '--percent',
      '5',
      '--hours',
      '25:00',
    );
    expect(hours.status).toBe(1);
    expect(hours.stderr).toMatch(/--hours/);
    const percent = await servicepay(
      'deals',
      'add',
      ...demo,
      '--name',
      'Odd',
      '--kind',
      'percent',
      '--percent',
      'lots',
    );
    expect(percent.status).toBe(1);
    expect(percent.stderr).toContain('--percent must be more than 0 and at most 100, like 20 or 12.5, not "lots"');
    const amount = await servicepay('deals', 'add', ...demo, '--name', 'Odd', '--kind', 'amount', '--amount', '-1');
    expect([amount.status, amount.stderr]).toEqual([1, 'servicepay: --amount must be more than $0.00, not "-1"\n']);
    // Hours of no clock are refused as a person reads a clock, never in minutes.
    const add = (...options: string[]) => servicepay('deals', 'add', ...demo, '--name', 'Refused', ...options);
    const lateHours = await add('--kind', 'percent', '--percent', '5', '--hours', '25:00-26:00');
    expect(lateHours.stderr).toBe(
      'servicepay: --hours must be times from 12:00 AM to midnight, like 16:00-19:00 or 4pm-7pm, not "25:00-26:00"\n',
    );
    for (const hours of ['10:75-11:00', '13pm-2pm', '24:30-1am']) {
      expect((await add('--kind', 'percent', '--percent', '5', '--hours', hours)).stderr).toMatch(
        /^servicepay: --hours must be times from 12:00 AM to midnight, /,
      );
    }
    // A kind or a trigger it does not know, in the command's one line (never a stack trace).
    expect(await add('--kind', 'bxgy', '--buy', '2', '--get', '1')).toMatchObject({
      status: 1,
      stderr:
        'servicepay: --kind must be one of percent, amount, fixed_price, buy_get, bundle, weight_break, not "bxgy"\n',
    });
    expect(await add('--kind', 'percent', '--percent', '5', '--trigger', 'coupon')).toMatchObject({
      status: 1,
      stderr: 'servicepay: --trigger must be one of automatic, cashier, code, not "coupon"\n',
    });
    // A rate of none or less, or past 100, in one set of words.
    for (const rate of ['-10', '0', '100.5']) {
      expect((await add('--kind', 'percent', '--percent', rate)).stderr).toBe(
        `servicepay: --percent must be more than 0 and at most 100, like 20 or 12.5, not "${rate}"\n`,
      );
    }
    // The service's refusals of what an option gave name the option too.
    const breaks = await add(
      '--kind',
      'weight_break',
      '--break',
      '7=50',
      '--break',
      '3.5=30',
      '--categories',
      'FLOWER',
    );
    expect(breaks.stderr).toBe('servicepay: --break: Each weight must be heavier than the one before (7 g)\n');
    const tier = await add('--kind', 'percent', '--percent', '5', '--groups', 'tier:Platinum');
    expect(tier.stderr).toBe(
      'servicepay: --groups names "Platinum", not a tier of the store\'s loyalty programme (it has none)\n',
    );
    expect([lateHours.status, breaks.status, tier.status]).toEqual([1, 1, 1]);
    expect((await json<{ deals: DealView[] }>('deals', 'list', ...demo)).deals.map((deal) => deal.name)).not.toContain(
      'Refused',
    );
    // A season typed in the wrong year is kept, and said to be over beside it.
    const past = await servicepay(
      'deals',
      'add',
      ...demo,
      '--name',
      'Winter 2020',
      '--kind',
      'percent',
      '--percent',
      '5',
      '--from',
      '2020-01-01',
      '--to',
      '2020-01-31',
    );
    expect([past.status, past.stdout]).toEqual([
      0,
      'Added Winter 2020 at Green Valley Dispensary: 5 % off, Every day, Jan 1, 2020 to Jan 31, 2020.\nWarning: It ended on Jan 31, 2020 and no longer ' +
        'applies: change its dates to run it again, or archive it.\n',
    ]);
    const later = await servicepay('deals', 'set', 'Winter 2020', ...demo, '--to', '2099-01-31');
    expect(later.stdout).toBe('Winter 2020: 5 % off, Every day, Jan 1, 2020 to Jan 31, 2099.\n');
    // Given again, what it already is: said so, nothing written.
    const again = await servicepay('deals', 'set', 'Winter 2020', ...demo, '--to', '2099-01-31');
    expect(again.stdout).toBe('Nothing to change: Winter 2020: 5 % off, Every day, Jan 1, 2020 to Jan 31, 2099.\n');
    expect((await servicepay('deals', 'archive', 'Winter 2020', ...demo)).status).toBe(0);
    const noFile = await servicepay('deals', 'add', ...demo, '--file', '/nowhere/deal.json');
    expect(noFile.stderr).toBe('servicepay: --file /nowhere/deal.json cannot be read (there is no such file)\n');
    const notJson = join(scratch, 'not-json.json');
    writeFileSync(notJson, '{"name": "Half off",');
    const broken = await servicepay('deals', 'add', ...demo, '--file', notJson);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(new RegExp(`^servicepay: --file ${notJson} is not JSON \\(.+\\)\n$`));
    const unknown = await servicepay('deals', 'pause', 'No such deal', ...demo);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toBe(
      'servicepay: No deal "No such deal" at Green Valley Dispensary (servicepay deals list)\n',
    );
  });

  it('refuses a --status it does not know, saying the ones there are', async () => {
    const refused = await servicepay('deals', 'list', ...demo, '--status', 'foo');
    expect([refused.status, refused.stdout, refused.stderr]).toEqual([
      1,
      '',
      'servicepay: --status must be active, paused, archived or all, not "foo"\n',
    ]);
  });

  it('takes --days as day names, lists and ranges (wrapping the week); refuses a misspelt day naming it', async () => {
    const days = async (name: string, value: string) =>
      (
        await json<{ deal: DealView }>(
          'deals',
          'add',
          ...demo,
          '--name',
          name,
          '--kind',
          'percent',
          '--percent',
          '5',
          '--days',
          value,
        )
      ).deal.schedule.weekdays;
    expect(await days('Weekdays', 'mon-fri')).toEqual([1, 2, 3, 4, 5]);
    expect(await days('Long weekend', 'fri-mon')).toEqual([0, 1, 5, 6]);
    expect(await days('Midweek and Saturday', 'Wednesday, SAT')).toEqual([3, 6]);
    expect(await days('Thursday to Saturday, Monday', 'thu-sat,mon')).toEqual([1, 4, 5, 6]);
    const before = (await json<{ deals: DealView[] }>('deals', 'list', ...demo)).deals;
    const use = 'use mon, tue, wed, thu, fri, sat, sun, a list such as mon,wed or a range such as mon-fri';
    for (const [value, bad] of [
      ['wednsday', 'wednsday'],
      ['mon,thurday', 'thurday'],
      ['mon-frday', 'frday'],
      ['w', 'w'],
      ['mon-wed-fri', 'mon-wed-fri'],
    ]) {
      const run = await servicepay(
        'deals',
        'add',
        ...demo,
        '--name',
        'Misread',
        '--kind',
        'percent',
        '--percent',
        '5',
        '--days',
        value!,
      );
      expect([run.status, run.stderr]).toEqual([1, `servicepay: --days: "${bad}" is not a day; ${use}\n`]);
    }
    expect((await json<{ deals: DealView[] }>('deals', 'list', ...demo)).deals).toEqual(before);
  });

  it('refuses a price that gives products away, and prices or dates it cannot read, in words', async () => {
    const before = (await json<{ deals: DealView[] }>('deals', 'list', ...demo)).deals;
    const add = (...options: string[]) => servicepay('deals', 'add', ...demo, '--name', 'Giveaway', ...options);
    // $0.00 and less: one refusal.
    const free = await add('--kind', 'fixed_price', '--price', '0', '--categories', 'PREROLL');
    const freeItem = '(a free item is a buy X get Y deal)';
    expect([free.status, free.stderr]).toEqual([
      1,
      `servicepay: --price must be more than $0.00 ${freeItem}, not "0"\n`,
    ]);
    const bundle = await add('--kind', 'bundle', '--bundle', '3', '--bundle-price', '0.00', '--categories', 'PREROLL');
    expect([bundle.status, bundle.stderr]).toEqual([
      1,
      `servicepay: --bundle-price must be more than $0.00 ${freeItem}, not "0.00"\n`,
    ]);
    const negative = await add('--kind', 'fixed_price', '--price', '-1', '--categories', 'PREROLL');
    expect(negative.stderr).toBe(`servicepay: --price must be more than $0.00 ${freeItem}, not "-1"\n`);
    const weighed = await add('--kind', 'weight_break', '--break', '3.5=0', '--categories', 'FLOWER');
    expect(weighed.stderr).toBe('servicepay: --break must be more than $0.00, not "0"\n');
    const negativeFile = join(scratch, 'negative.json');
    writeFileSync(negativeFile, JSON.stringify({ name: 'Giveaway', kind: 'fixed_price', priceCents: -100 }));
    // A file's price below $0.00 meets the service's words, as one of $0.00 does (not "must be at least 0").
    expect((await servicepay('deals', 'add', ...demo, '--file', negativeFile)).stderr).toBe(
      `servicepay: --price: The price of each unit must be more than $0.00 ${freeItem}\n`,
    );
    const words = await add('--kind', 'fixed_price', '--price', 'abc', '--categories', 'PREROLL');
    expect(words.stderr).toBe('servicepay: --price must be dollars with at most 2 decimals, like 20.00, not "abc"\n');
    const date = await add('--kind', 'percent', '--percent', '5', '--to', '2026-02-30');
    expect(date.stderr).toBe('servicepay: --to: The end date 2026-02-30 is not a real date\n');
    const notDate = await add('--kind', 'percent', '--percent', '5', '--from', 'tomorrow');
    expect(notDate.stderr).toBe(
      'servicepay: --from: The start date "tomorrow" is not a date: write it as YYYY-MM-DD, such as 2026-11-01\n',
    );
    const file = join(scratch, 'cents.json');
    writeFileSync(file, JSON.stringify({ name: 'Giveaway', kind: 'fixed_price', priceCents: 1950.5 }));
    const cents = await servicepay('deals', 'add', ...demo, '--file', file);
    // A file is the API's body, checked as the API checks it: its fields named as the API names them.
    expect(cents.stderr).toBe(`servicepay: --file ${file}: priceCents must be a whole number\n`);
    // A scope that is not one (a word for "every product") was taken as every product.
    writeFileSync(file, JSON.stringify({ name: 'Everything', kind: 'fixed_price', priceCents: 500, scope: 'all' }));
    const scope = await servicepay('deals', 'add', ...demo, '--file', file);
    expect(scope.stderr).toBe(`servicepay: --file ${file}: scope must be an object\n`);
    for (const run of [negative, words, date, notDate, cents, scope]) expect(run.status).toBe(1);
    expect((await json<{ deals: DealView[] }>('deals', 'list', ...demo)).deals.map((deal) => deal.name)).not.toContain(
      'Everything',
    );
    // A buy X get Y whose reward is free is kept.
    const reward = await json<{ deal: DealView }>(
      'deals',
      'add',
      ...demo,
      '--name',
      'Buy 2 get 1 free',
      '--kind',
      'buy_get',
      '--buy',
      '2',
      '--get',
      '1',
      '--percent',
      '100',
      '--categories',
      'PREROLL',
    );
    expect(reward.deal).toMatchObject({ kind: 'buy_get', percent: 100 });
    const after = (await json<{ deals: DealView[] }>('deals', 'list', ...demo)).deals;
    expect(after.filter((deal) => deal.id !== reward.deal.id)).toEqual(before);
  });

  it('pauses a deal kept from before a price of $0.00 was refused, and refuses to resume it in words', async () => {
    const added = await json<{ deal: DealView }>(
      'deals',
      'add',
      ...demo,
      '--name',
      'Pre-rolls at $1',
      '--kind',
      'fixed_price',
      '--price',
      '1.00',
      '--categories',
      'PREROLL',
    );
    const db = await openDataLayer({ ...database.config, poolSize: 1, listen: false });
    try {
      const row = await db.first(db.builder.selectFrom('deals').selectAll().where('id', '=', added.deal.id));
      const definition = { ...JSON.parse(row!.definition), priceCents: 0 };
      const free = { ...row!, id: 'free-prerolls', name: 'Free pre-rolls', definition: JSON.stringify(definition) };
      await db.write((tx) => tx.run(db.builder.insertInto('deals').values(free)));
    } finally {
      await db.close();
    }
    expect((await json<{ deal: DealView }>('deals', 'pause', 'Free pre-rolls', ...demo)).deal.active).toBe(false);
    const resumed = await servicepay('deals', 'resume', 'Free pre-rolls', ...demo);
    expect([resumed.status, resumed.stderr]).toEqual([
      1,
      'servicepay: --price: The price of each unit must be more than $0.00 (a free item is a buy X get Y deal)\n',
    ]);
    expect(
      (await json<{ deal: DealView }>('deals', 'set', 'Free pre-rolls', ...demo, '--price', '5')).deal,
    ).toMatchObject({ priceCents: 500, active: false });
  });

  it('asks for the id of a deal whose name another shares (written before names were one deal’s each)', async () => {
    const added = await json<{ deal: DealView }>(
      'deals',
      'add',
      ...demo,
      '--name',
      'Twins',
      '--kind',
      'percent',
      '--percent',
      '5',
    );
    const db = await openDataLayer({ ...database.config, poolSize: 1, listen: false });
    try {
      const row = await db.first(db.builder.selectFrom('deals').selectAll().where('id', '=', added.deal.id));
      await db.write((tx) => tx.run(db.builder.insertInto('deals').values({ ...row!, id: 'twin-2', code: null })));
    } finally {
      await db.close();
    }
    const ambiguous = await servicepay('deals', 'pause', 'twins', ...demo);
    expect(ambiguous.status).toBe(1);
    expect(ambiguous.stderr).toBe(
      `servicepay: 2 deals are called "Twins": give one's id (${[added.deal.id, 'twin-2'].sort().join(', ')})\n`,
    );
    expect((await json<{ deal: DealView }>('deals', 'pause', 'twin-2', ...demo)).deal).toMatchObject({
      id: 'twin-2',
      active: false,
    });
  });

  it('changes, pauses, resumes and archives a deal by its name', async () => {
    await json('deals', 'add', ...demo, '--name', 'Happy hour', '--kind', 'percent', '--percent', '15');
    const changed = await json<{ deal: DealView }>(
      'deals',
      'set',
      'happy hour',
      ...demo,
      '--percent',
      '25',
      '--hours',
      '16:00-19:00',
    );
    expect(changed.deal).toMatchObject({ percent: 25, schedule: { startMinute: 960, endMinute: 1140 } });
    expect((await json<{ deal: DealView }>('deals', 'pause', 'Happy hour', ...demo)).deal.active).toBe(false);
    expect((await json<{ deal: DealView }>('deals', 'resume', 'Happy hour', ...demo)).deal.active).toBe(true);
    const archived = await servicepay('deals', 'archive', 'Happy hour', ...demo);
    expect(archived.stdout.trim()).toBe('Archived Happy hour at Green Valley Dispensary.');
    const left = await json<{ deals: DealView[] }>('deals', 'list', ...demo);
    expect(left.deals.map((deal) => deal.name)).not.toContain('Happy hour');
  });
});
