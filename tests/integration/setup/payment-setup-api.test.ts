import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodSwitch, PinPadView, ProcessorView } from '../../../shared/contracts/setup.js';
import { login } from '../support/demo-service.js';
import { addStore, DEMO, ok, refused, setupHarness, type SetupHarness } from './support/setup-fixtures.js';

let h: SetupHarness;
let primaryLocation: string;

beforeAll(async () => {
  h = await setupHarness();
  primaryLocation = (await addStore(h.app, 'mesa')).primaryLocationId;
});
afterAll(() => h.close());

/** The card-present and cash methods the pos channel offers the manager at mesa's sales floor. */
async function offered(): Promise<Record<string, string | null>> {
  const response = await h.request({
    method: 'GET',
    url: `/v2.0/payments/config?entityId=${DEMO.organizationId}&channel=pos&locationId=${primaryLocation}`,
    headers: { authorization: `Bearer ${h.tokens.manager}` },
  });
  const methods = response.json<{ methods: { paymentMethod: string; unavailableReason: string | null }[] }>().methods;
  return Object.fromEntries(methods.map((method) => [method.paymentMethod, method.unavailableReason]));
}

describe('processors, methods and PIN pads of a store', () => {
  it("lists the organization's processors without their API keys; organization-wide managers add one", async () => {
    const listed = ok<{ processors: ProcessorView[]; mayAdd: boolean }>(
      await h.call(h.tokens.manager, 'GET', '/processors'),
    );
    expect(listed.mayAdd).toBe(true);
    expect(listed.processors.map((processor) => [processor.name, processor.isDefault])).toEqual([
      ['sandbox', true],
      ['paynet', false],
    ]);
    expect(JSON.stringify(listed)).not.toMatch(/apiKey|sk_test/);
    const added = ok<{ processor: ProcessorView }>(
      await h.call(h.tokens.manager, 'POST', '/processors', {
        name: 'paynet-west',
        kind: 'paynet',
        merchantId: 'm-west',
        apiKey: 'sk_test_west_secret',
      }),
    ).processor;
    expect(added).toMatchObject({ name: 'paynet-west', kind: 'paynet', merchantId: 'm-west', gatewayUrl: null });
    expect(JSON.stringify(added)).not.toContain('sk_test_west_secret');
    refused(
      await h.call(h.tokens.manager, 'POST', '/processors', { name: 'paynet-x', kind: 'paynet', merchantId: 'm' }),
      400,
      /apiKey is required for a paynet processor/,
    );
    refused(
      await h.call(h.tokens.manager, 'POST', '/processors', { name: 'sandbox', kind: 'sandbox' }),
      409,
      /already has a processor named sandbox/,
    );
    const chosen = ok<{ processor: ProcessorView }>(
      await h.call(h.tokens.manager, 'POST', '/processors/paynet-west/default'),
    );
    expect(chosen.processor.isDefault).toBe(true);
    ok(await h.call(h.tokens.manager, 'POST', '/processors/sandbox/default'));
  });

  it('turns methods on per location, and the payment widget offers them once a PIN pad is there', async () => {
    expect(await offered()).toEqual({});
    for (const method of ['Credit', 'Cash']) {
      ok(
        await h.call(h.tokens.manager, 'PUT', '/payment-methods', { processorName: 'sandbox', method, enabled: true }),
      );
    }
    const methods = ok<{ methods: MethodSwitch[] }>(await h.call(h.tokens.manager, 'GET', '/payment-methods')).methods;
    expect(methods).toEqual([
      { locationId: primaryLocation, processorName: 'sandbox', method: 'Cash', enabled: true },
      { locationId: primaryLocation, processorName: 'sandbox', method: 'Credit', enabled: true },
    ]);
    expect((await offered()).Credit).toMatch(/PIN pad/);
    const pad = ok<{ pinPad: PinPadView }>(
      await h.call(h.tokens.manager, 'POST', '/pin-pads', {
        name: 'Front counter',
        processorName: 'sandbox',
        model: 'P400',
        serialNumber: 'MESA-1',
      }),
    ).pinPad;
    expect(pad).toMatchObject({ locationId: primaryLocation, disabled: false });
    expect(await offered()).toEqual({ Credit: null, Cash: null });
    refused(
      await h.call(h.tokens.manager, 'POST', '/pin-pads', {
        name: 'Again',
        processorName: 'sandbox',
        model: 'P400',
        serialNumber: 'MESA-1',
      }),
      409,
      /serial number MESA-1 already exists/,
    );
    ok(await h.call(h.tokens.manager, 'POST', `/pin-pads/${pad.id}/disable`));
    expect((await offered()).Credit).toMatch(/PIN pad/);
    ok(
      await h.call(h.tokens.manager, 'PUT', '/payment-methods', {
        processorName: 'sandbox',
        method: 'Credit',
        enabled: false,
      }),
    );
    expect(await offered()).toEqual({ Cash: null });
  });

  it.each([
    [
      'PUT',
      '/payment-methods',
      { processorName: 'stripe', method: 'Credit', enabled: true },
      400,
      /processorName does not name a processor of this entity \(sandbox, paynet, paynet-west\)/,
    ],
    ['PUT', '/payment-methods', { processorName: 'sandbox', method: 'Bitcoin', enabled: true }, 400, /method/],
    [
      'PUT',
      '/payment-methods',
      { locationId: '00000000-0000-4000-8000-000000000000', processorName: 'sandbox', method: 'Cash', enabled: true },
      400,
      /^locationId does not name a location of Store mesa \(its locations: Sales floor\)$/,
    ],
    [
      'POST',
      '/pin-pads',
      { name: ' ', processorName: 'sandbox', model: 'P400', serialNumber: 'X' },
      400,
      /name must be 1 to 100 characters/,
    ],
  ] as const)('refuses %s %s %j', async (method, path, body, status, detail) => {
    refused(await h.call(h.tokens.manager, method, path, body), status, detail);
  });

  it("keeps a store's own manager to its locations, and processors to the organization's managers", async () => {
    ok(
      await h.call(h.tokens.admin, 'POST', '/staff', {
        username: 'mesa-lead',
        role: 'manager',
        password: 'mesa-lead-pass',
      }),
    );
    const lead = await login(h.app, 'mesa-lead', 'mesa-lead-pass');
    expect(ok<{ mayAdd: boolean }>(await h.call(lead, 'GET', '/processors')).mayAdd).toBe(false);
    refused(
      await h.call(lead, 'POST', '/processors', { name: 'mine', kind: 'sandbox' }),
      403,
      /only an organization-wide login may do it/,
    );
    refused(await h.call(lead, 'POST', '/processors/paynet/default'), 403, /organization-wide/);
    ok(await h.call(lead, 'PUT', '/payment-methods', { processorName: 'sandbox', method: 'Debit', enabled: true }));
    const demoPad = ok<{ pinPads: PinPadView[] }>(await h.call(h.tokens.manager, 'GET', '/pin-pads', undefined, 'demo'))
      .pinPads[0]!;
    refused(await h.call(lead, 'POST', `/pin-pads/${demoPad.id}/disable`), 404, /no PIN pad/);
    refused(await h.call(lead, 'POST', `/pin-pads/${demoPad.id}/disable`, undefined, 'demo'), 403, /not permitted/);
  });
});
