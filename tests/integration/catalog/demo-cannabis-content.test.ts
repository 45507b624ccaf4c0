// The demo catalog's cannabis content as the service serves it to the POS (both engines).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitLineOf } from '../../../shared/catalog/limit-measures.js';
import { isCannabisType } from '../../../shared/catalog/product-types.js';
import { SHIPPED_PROFILES } from '../../../electron/server/core/state-profiles/state-profiles.js';
import { demoService, type DemoService } from '../support/demo-service.js';

interface Item {
  sku: string;
  name: string;
  type: string;
  deli: boolean;
  packageLabel: string;
  cannabisWeightMg: number | null;
  thcMg: number | null;
}

describe('the demo catalog in the service', () => {
  let service: DemoService;
  let items: Item[];

  beforeAll(async () => {
    service = await demoService();
    const response = await service.request({
      method: 'GET',
      url: '/v2.0/dispensary/demo/catalog?limit=200',
      headers: { authorization: `Bearer ${service.token}` },
    });
    expect(response.statusCode).toBe(200);
    items = response.json<{ items: Item[] }>().items;
  });
  afterAll(() => service.close());

  const sku = (code: string) => {
    const { cannabisWeightMg, thcMg } = items.find((item) => item.sku === code)!;
    return { cannabisWeightMg, thcMg };
  };

  it('serves each product\u2019s cannabis weight and THC in milligrams', () => {
    expect(sku('FLW-001')).toEqual({ cannabisWeightMg: 3_500, thcMg: 735 }); // flower 3.5 g
    expect(sku('FLW-007')).toEqual({ cannabisWeightMg: 28_000, thcMg: 4_480 }); // an ounce of shake
    expect(sku('DEL-001')).toEqual({ cannabisWeightMg: null, thcMg: 200 }); // deli: THC per gram
    expect(sku('PRE-001')).toEqual({ cannabisWeightMg: 1_000, thcMg: 210 }); // pre-roll 1 g
    expect(sku('VAP-001')).toEqual({ cannabisWeightMg: 1_000, thcMg: 850 }); // 1 g cartridge
    expect(sku('VAP-002')).toEqual({ cannabisWeightMg: 500, thcMg: 425 }); // 0.5 g cartridge
    expect(sku('EDI-001')).toEqual({ cannabisWeightMg: 112, thcMg: 100 }); // 100 mg THC in 112 mg distillate
    expect(sku('CON-002')).toEqual({ cannabisWeightMg: 1_000, thcMg: 800 }); // 1 g shatter
    expect(sku('TIN-001')).toEqual({ cannabisWeightMg: 1_112, thcMg: 1_000 });
    expect(sku('TOP-003')).toEqual({ cannabisWeightMg: 23, thcMg: 20 });
    expect(sku('ACC-001')).toEqual({ cannabisWeightMg: null, thcMg: null });
  });

  it('gives every cannabis product a package tag and what every shipped state profile counts it by', () => {
    const cannabis = items.filter((item) => isCannabisType(item.type));
    expect(cannabis.length).toBeGreaterThanOrEqual(40);
    for (const item of items) {
      if (!isCannabisType(item.type)) {
        expect(item).toMatchObject({ packageLabel: '', cannabisWeightMg: null, thcMg: null });
        continue;
      }
      expect(item.packageLabel, item.sku).toMatch(/^1A4[0-9A-Z]{21}$/);
      expect(item.thcMg, item.sku).toBeGreaterThan(0);
      if (item.deli) expect(item.cannabisWeightMg, item.sku).toBeNull();
      else expect(item.thcMg!, item.sku).toBeLessThanOrEqual(item.cannabisWeightMg!);
      for (const { profile } of SHIPPED_PROFILES.loaded) {
        expect(
          limitLineOf(item, item.deli ? 3_500 : 1_000, profile),
          `${item.sku} in ${profile.stateCode}`,
        ).toMatchObject({
          ok: true,
        });
      }
    }
  });
});
