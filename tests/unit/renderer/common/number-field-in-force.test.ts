// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import NumberField from '../../../../renderer/common/components/NumberField.vue';
import { refusal, type NumberRule } from '../../../../renderer/common/number-field';

/**
 * A refusal names what stays in force, never a value refused elsewhere: a field whose value its
 * parent's service refused (reward dollars a balance does not cover) is told what is in force instead.
 */
const REWARD: NumberRule = {
  name: 'reward dollars',
  decimals: 2,
  min: 0,
  unit: '$',
  none: 'The total is without reward dollars.',
};

function field(props: { modelValue: number | null; inForce?: number | null }) {
  return mount(NumberField, {
    props: { id: 'reward', rule: REWARD, optional: true, live: true, money: true, ...props },
    attachTo: document.body,
  });
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('what a refusal says stays', () => {
  it("says the rule's words for none when nothing is in force; only why when the rule has none", () => {
    expect(refusal('Reward dollars must be at least $0.00.', null, REWARD)).toBe(
      'Reward dollars must be at least $0.00. The total is without reward dollars.',
    );
    expect(refusal('Enter the weight.', null, { name: 'weight', decimals: 3, min: 0 })).toBe('Enter the weight.');
    expect(refusal('Reward dollars must be at least $0.00.', 3, REWARD)).toBe(
      'Reward dollars must be at least $0.00. It stays $3.00.',
    );
  });

  it('a value refused elsewhere: the refusal says none is in force, and the box and the model come back to none', async () => {
    const wrapper = field({ modelValue: 10, inForce: null });
    const input = wrapper.get('input');
    expect(input.element.value).toBe('10.00');
    input.element.focus();
    await input.setValue('1.234');
    await input.trigger('change');
    const said = wrapper.get('[role="alert"]').text();
    expect(said).toBe('Reward dollars must be a number with at most 2 decimals. The total is without reward dollars.');
    expect(said).not.toContain('$10.00');
    expect(input.element.value).toBe('');
    expect(wrapper.emitted('update:modelValue')?.at(-1)).toEqual([null]);
    // Left with Tab, the parent takes the value the field gave back: the refusal stays, being the news.
    input.element.blur();
    await wrapper.setProps({ modelValue: null });
    expect(wrapper.get('[role="alert"]').text()).toBe(said);
    expect(input.element.value).toBe('');
    // A value put in from outside afterwards (Use points) takes the refusal away.
    await wrapper.setProps({ modelValue: 0.97 });
    expect(wrapper.find('[role="alert"]').exists()).toBe(false);
    expect(input.element.value).toBe('0.97');
  });

  it('the value in force is the model unless told otherwise: it stays, and nothing is sent', async () => {
    const wrapper = field({ modelValue: 3 });
    const input = wrapper.get('input');
    input.element.focus();
    await input.setValue('1.234');
    await input.trigger('change');
    expect(wrapper.get('[role="alert"]').text()).toBe(
      'Reward dollars must be a number with at most 2 decimals. It stays $3.00.',
    );
    expect(input.element.value).toBe('3.00');
    expect(wrapper.emitted('update:modelValue')).toBeUndefined();
  });
});
