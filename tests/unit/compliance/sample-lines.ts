import { limitLine, type LimitLine } from '../../../shared/compliance/limit-lines.js';

/** Lines as the server would make them from products (measures per unit) and quantities in thousandths. */
export const flower = (mg: number) =>
  limitLine({ category: 'FLOWER', cannabisWeightMg: 1000, thcMg: 0, deli: true, name: 'Flower' }, mg);
export const concentrate = (mg: number) =>
  limitLine({ category: 'CONCENTRATE', cannabisWeightMg: mg, thcMg: 0, name: 'Shatter' }, 1000);
export const vape = (mg: number) =>
  limitLine({ category: 'VAPE', cannabisWeightMg: mg, thcMg: 0, name: 'Vape cart' }, 1000);
export const gummies = (units: number) =>
  limitLine({ category: 'EDIBLE', cannabisWeightMg: 250, thcMg: 100, name: 'Gummies 100 mg' }, units * 1000);
export const plants = (units: number) =>
  limitLine({ category: 'IMMATURE_PLANT', cannabisWeightMg: 0, thcMg: 0, name: 'Clone' }, units * 1000);
export const papers: LimitLine = { category: 'ACCESSORY', units: 1, weightMg: 0, thcMg: 0, name: 'Rolling papers' };
