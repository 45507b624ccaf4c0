// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import PickListLines from '../../../../renderer/pos/components/PickListLines.vue';
import { line, queued } from './queue-fixtures.js';

const jar = line({
  lineIndex: 1,
  brand: 'Stash Supply',
  name: 'Smell-Proof Stash Jar',
  quantity: 2,
  unitType: 'each',
  packageLabel: '',
});
const prerolls = line({ lineIndex: 2, name: 'Blue Dream Pre-Roll', quantity: 3, packageLabel: 'LABEL-A' });
const order = queued({
  orderNumber: 'JAR111',
  status: 'IN_PROCESS',
  fulfillmentStatus: 'IN_PROCESS',
  lines: [jar, prerolls],
});
const mountList = (over: Partial<typeof order> = {}) =>
  mount(PickListLines, { props: { order: { ...order, ...over }, progress: {}, canChange: true, busy: false } });

describe('the lines of a pick list', () => {
  it('says an item has no package label rather than an empty "package", and offers a tap for it', async () => {
    const wrapper = mountList();
    const [first, second] = wrapper.findAll('li');
    expect(first!.get('.detail').text()).toBe('Stash Supply · no package label: scan its barcode');
    expect(first!.get('[data-testid="line-state-1"]').text()).toBe('0 of 2 in the bag');
    expect(second!.get('.detail').text()).toBe('Humboldt Hills · package LABEL-A');
    expect(second!.find('button[aria-label="One Blue Dream Pre-Roll in the bag"]').exists()).toBe(false);
    await first!.get('button[aria-label="One Smell-Proof Stash Jar in the bag"]').trigger('click');
    expect(wrapper.emitted('tap')).toEqual([[jar]]);
  });

  it('offers no tap once the order is no longer picked here', () => {
    const wrapper = mountList({ fulfillmentStatus: 'PACKED_READY', status: 'PACKED_READY' });
    expect(wrapper.find('button[aria-label="One Smell-Proof Stash Jar in the bag"]').exists()).toBe(false);
  });
});
