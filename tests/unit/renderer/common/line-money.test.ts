// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import LineMoney from '../../../../renderer/common/components/LineMoney.vue';

const shown = (priceSell: string, originalPrice: number) => {
  const wrapper = mount(LineMoney, { props: { item: { priceSell, originalPrice } } });
  return { was: wrapper.find('s.was'), now: wrapper.get('[data-testid="line-money"]').text() };
};

describe("a ticket line's amount, as the subtotal counts it", () => {
  it('strikes through what the line came to before its discounts, beside what it comes to', () => {
    const line = shown('39.60', 44);
    expect(line.was.text()).toBe('$44.00');
    expect(line.was.attributes('aria-label')).toBe('was $44.00');
    expect(line.now).toBe('$39.60');
  });

  it('shows one amount for a line nothing was taken off', () => {
    const line = shown('35.00', 35);
    expect(line.was.exists()).toBe(false);
    expect(line.now).toBe('$35.00');
  });
});
