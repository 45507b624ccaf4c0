// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import NumberField from '../../../../renderer/common/components/NumberField.vue';
import type { NumberRule } from '../../../../renderer/common/number-field';

/**
 * A number field whose value is changed from outside (−/+, "All", the keypad) after it refused an
 * entry: the refusal was about text no longer shown and named a value that changed, so it goes.
 */
const QUANTITY: NumberRule = { name: 'quantity', decimals: 0, min: 0, max: 3 };

type Props = { live?: boolean; detachedError?: boolean; keepRefused?: boolean };

function field(props: Props = {}) {
  return mount(NumberField, {
    props: { id: 'qty', modelValue: 0, rule: QUANTITY, ...props },
    attachTo: document.body,
  });
}

afterEach(() => {
  document.body.innerHTML = '';
});

async function refuse(wrapper: ReturnType<typeof field>, typed: string): Promise<void> {
  const input = wrapper.get('input');
  await input.setValue(typed);
  await input.trigger('change');
}

describe('a number field changed from outside after a refusal', () => {
  it('a live field (a refund line): the refusal goes and the box shows the new value, as "All" or + puts it', async () => {
    const wrapper = field({ live: true });
    await refuse(wrapper, 'abc');
    expect(wrapper.get('[role="alert"]').text()).toBe('Quantity must be a number, such as 2. It stays 0.');
    expect(wrapper.get('input').attributes('aria-invalid')).toBe('true');

    await wrapper.setProps({ modelValue: 1 });
    expect(wrapper.find('[role="alert"]').exists()).toBe(false);
    expect(wrapper.get('input').attributes('aria-invalid')).toBeUndefined();
    expect(wrapper.get('input').attributes('aria-describedby')).toBeUndefined();
    expect(wrapper.get('input').element.value).toBe('1');
  });

  it('a field whose parent shows the refusal (a cart line): it is told the refusal is gone', async () => {
    const wrapper = field({ detachedError: true });
    await refuse(wrapper, '7');
    expect(wrapper.emitted('refused')?.at(-1)).toEqual(['Quantity must be at most 3. It stays 0.']);

    await wrapper.setProps({ modelValue: 2 });
    expect(wrapper.emitted('refused')?.at(-1)).toEqual(['']);
    expect(wrapper.get('input').element.value).toBe('2');
  });

  it('a refusal stays while the value stays: only a change from outside takes it away', async () => {
    const wrapper = field({ live: true });
    await refuse(wrapper, '-1');
    expect(wrapper.get('[role="alert"]').text()).toBe('Quantity must be at least 0. It stays 0.');
    await wrapper.setProps({ modelValue: 0 });
    expect(wrapper.get('[role="alert"]').text()).toBe('Quantity must be at least 0. It stays 0.');
  });

  it('a refused entry kept as typed (a form saved by its button) still gives way to a value put in', async () => {
    const wrapper = field({ keepRefused: true });
    await refuse(wrapper, 'abc');
    expect(wrapper.get('input').attributes('data-refused-entry')).toBe('');
    await wrapper.setProps({ modelValue: 3 });
    expect(wrapper.find('[role="alert"]').exists()).toBe(false);
    expect(wrapper.get('input').attributes('data-refused-entry')).toBeUndefined();
    expect(wrapper.get('input').element.value).toBe('3');
  });
});
