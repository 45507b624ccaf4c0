// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, ref, withDirectives } from 'vue';
import NumberField from '../../../../renderer/common/components/NumberField.vue';
import { vSubmitTyped } from '../../../../renderer/common/submit-typed';

/**
 * A form with one number field (committed as it is left or on Enter) and its Save taking
 * `v-submit-typed`; `submitted` gets the field's value each time the form is submitted.
 */
function form(submitted: (number | null)[]) {
  return mount(
    defineComponent(() => {
      const value = ref<number | null>(5);
      const submit = (event: Event) => {
        event.preventDefault();
        submitted.push(value.value);
      };
      return () =>
        h('form', { onSubmit: submit }, [
          h(NumberField, {
            id: 'count',
            modelValue: value.value,
            'onUpdate:modelValue': (next: number | null) => (value.value = next),
            rule: { name: 'count', decimals: 0, min: 0 },
            keepRefused: true,
          }),
          withDirectives(h('button', { type: 'submit' }, 'Save'), [[vSubmitTyped]]),
        ]);
    }),
    { attachTo: document.body },
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

/** Types `text` in the field, which keeps the focus (nothing leaves it). */
async function typed(wrapper: ReturnType<typeof form>, text: string) {
  const input = wrapper.get<HTMLInputElement>('#count');
  input.element.focus();
  await input.setValue(text);
  return input;
}

const mouse = (type: string, detail: number) =>
  new MouseEvent(type, { bubbles: true, cancelable: true, button: 0, detail });

describe("v-submit-typed on a form's submit button", () => {
  it('a press leaves the focus in the field; the click takes it, and the form gets what was typed', async () => {
    const submitted: (number | null)[] = [];
    const wrapper = form(submitted);
    const input = await typed(wrapper, '8');
    const button = wrapper.get('button').element;
    const pressed = mouse('mousedown', 1);
    button.dispatchEvent(pressed);
    expect(pressed.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(input.element);
    button.dispatchEvent(mouse('click', 1));
    expect(document.activeElement).toBe(button);
    expect(submitted).toEqual([8]);
  });

  it('a click from the keyboard (Enter in the field) submits as the browser does, the focus left in the field', async () => {
    const submitted: (number | null)[] = [];
    const wrapper = form(submitted);
    const input = await typed(wrapper, '9');
    await input.trigger('keydown', { key: 'Enter' });
    wrapper.get('button').element.dispatchEvent(mouse('click', 0));
    expect(document.activeElement).toBe(input.element);
    expect(submitted).toEqual([9]);
  });
});
