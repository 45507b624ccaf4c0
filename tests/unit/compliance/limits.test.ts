import { describe, expect, it } from 'vitest';
import { limitLine, type LimitLine } from '../../../shared/compliance/limit-lines.js';
import { allowances, checkCart, checkLine, type LimitInput } from '../../../shared/compliance/limits.js';
import { CALIFORNIA } from '../../support/state-profiles.js';
import { concentrate, flower, gummies, papers, plants, vape } from './sample-lines.js';

const california = (cart: LimitLine[], alreadyBought: LimitLine[] = []): LimitInput => ({
  profile: CALIFORNIA,
  customer: { type: 'adult_use' },
  alreadyBought,
  cart,
});

describe('California adult use, at the limits', () => {
  const cases: { name: string; input: LimitInput; reason?: string }[] = [
    { name: 'exactly 28.5 g of flower', input: california([flower(28_500)]) },
    {
      name: '28.6 g of flower',
      input: california([flower(28_600)]),
      reason: 'This would bring non-concentrated cannabis to 28.6 g of the 28.5 g daily limit: 28.5 g left today.',
    },
    {
      name: 'a 0.5 g line on 28.1 g in the cart',
      input: california([flower(28_100), flower(500)]),
      reason: 'This would bring non-concentrated cannabis to 28.6 g of the 28.5 g daily limit: 0.4 g left today.',
    },
    {
      name: 'concentrate and flower in one cart, both at their limits',
      input: california([flower(28_500), concentrate(8_000)]),
    },
    {
      name: 'a vape past a full concentrate allowance',
      input: california([flower(28_500), concentrate(8_000), vape(1_000)]),
      reason: 'This would bring concentrate to 9 g of the 8 g daily limit: none left today.',
    },
    {
      name: 'edibles counted by the concentrate they hold (33 × 0.25 g)',
      input: california([concentrate(0), gummies(33)]),
      reason: 'This would bring concentrate to 8.25 g of the 8 g daily limit: 8 g left today.',
    },
    { name: 'a second visit that fills the day exactly', input: california([flower(8_500)], [flower(20_000)]) },
    {
      name: 'a second visit 0.1 g past the day',
      input: california([flower(8_600)], [flower(20_000)]),
      reason: 'This would bring non-concentrated cannabis to 28.6 g of the 28.5 g daily limit: 8.5 g left today.',
    },
    { name: 'six immature plants', input: california([plants(6)]) },
    {
      name: 'a seventh immature plant',
      input: california([plants(6), plants(1)]),
      reason: 'This would bring immature plants to 7, over the daily limit of 6: none left today.',
    },
    { name: 'accessories on a full day', input: california([flower(28_500), papers]) },
    {
      name: 'a category the profile does not know',
      input: california([{ category: 'SEED', units: 1, weightMg: 0, thcMg: 0 }]),
      reason: 'The California rules do not say how the category Seed counts toward the purchase limits.',
    },
  ];

  it.each(cases)('$name', ({ input, reason }) => {
    const check = checkCart(input);
    expect(check.allowed ? undefined : check.reason).toBe(reason);
  });

  it('shows what is left in each group as the cart changes', () => {
    const rows = allowances(california([flower(3_500), gummies(4)], [flower(9_000), plants(2)]));
    expect(rows).toEqual([
      {
        group: 'non_concentrated',
        name: 'non-concentrated cannabis',
        unit: 'weight_mg',
        limit: 28_500,
        alreadyBought: 9_000,
        inCart: 3_500,
        remaining: 16_000,
        over: false,
        summary: '16 g of 28.5 g left today',
      },
      expect.objectContaining({
        group: 'concentrate',
        inCart: 1_000,
        remaining: 7_000,
        summary: '7 g of 8 g left today',
      }),
      expect.objectContaining({
        group: 'immature_plants',
        alreadyBought: 2,
        remaining: 4,
        summary: '4 of 6 left today',
      }),
    ]);
  });

  it('tells the cart what is left after a line it accepts, and before one it refuses', () => {
    const accepted = checkLine(california([flower(20_000)]), flower(5_000));
    expect(accepted.allowances[0]).toMatchObject({ inCart: 25_000, remaining: 3_500 });
    const refused = checkLine(california([flower(20_000)]), flower(9_000));
    expect(refused).toMatchObject({ allowed: false, group: 'non_concentrated' });
    expect(refused.allowances[0]).toMatchObject({ inCart: 20_000, remaining: 8_500 });
  });

  it('marks a group already past its limit, and refuses more of it', () => {
    const input = california([], [flower(30_000)]);
    expect(allowances(input)[0]).toMatchObject({ over: true, remaining: 0, summary: '0 g of 28.5 g left today' });
    expect(checkLine(input, flower(1))).toMatchObject({ allowed: false });
    expect(checkLine(input, papers)).toMatchObject({ allowed: true });
  });
});

describe('limit lines', () => {
  it('measures deli items by the weight sold and counted items by the unit', () => {
    expect(flower(3_500)).toEqual({ category: 'FLOWER', units: 1, weightMg: 3_500, thcMg: 0, name: 'Flower' });
    expect(gummies(3)).toEqual({ category: 'EDIBLE', units: 3, weightMg: 750, thcMg: 300, name: 'Gummies 100 mg' });
  });

  it('refuses fractions: of a counted unit, of a milligram', () => {
    expect(() => gummies(1.5)).toThrow('A counted product is sold in whole units');
    expect(() => limitLine({ category: 'FLOWER', cannabisWeightMg: 3.5, thcMg: 0 }, 1000)).toThrow(RangeError);
    expect(() => checkCart(california([{ ...papers, weightMg: 0.5 }]))).toThrow(RangeError);
  });
});
