import type { CountView } from '../../../../shared/contracts/inventory-counts.js';

/** A count as the API answers it: Morgan's open count of the flower room, unless `fields` say otherwise. */
export const countView = (fields: Partial<CountView> = {}): CountView => ({
  countId: 'c1',
  number: 1,
  name: 'Flower room',
  note: '',
  categories: ['FLOWER'],
  rooms: [],
  scope: 'FLOWER',
  status: 'OPEN',
  startedBy: 'manager',
  startedByName: 'Morgan Manager',
  startedAt: '2026-11-30T16:00:00.000Z',
  closedBy: null,
  closedByName: null,
  closedAt: null,
  approvedBy: null,
  approvedByName: null,
  approvedByOther: false,
  ...fields,
});
