// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, mount } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import MovementForm from '../../../../renderer/pos/components/MovementForm.vue';
import { signedInCashier } from './signed-in.js';

/** The service's calls, none expected: a refused amount is never sent. */
let calls: string[] = [];

beforeEach(() => {
  signedInCashier();
  calls = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(String(url));
    return new Response(JSON.stringify({ resultCode: 'SUCCESS' }), { status: 200 });
  });
});

describe('cash in or out with an amount refused', () => {
  it('keeps what was typed beside why, says the form was not saved, and sends nothing', async () => {
    const form = mount(MovementForm, { attachTo: document.body });
    const amount = form.get<HTMLInputElement>('#movement-amount');
    amount.element.value = '-5';
    await amount.trigger('input');
    await amount.trigger('change');
    await form.get('#movement-reason').setValue('Drawer over $500');
    await form.get('form').trigger('submit');
    await flushPromises();
    expect(amount.element.value).toBe('-5');
    expect(amount.attributes('aria-invalid')).toBe('true');
    expect(form.get('.field-error').text()).toMatch(/more than \$0\.00/);
    expect(form.get('p.error').text()).toBe('Not saved: one field needs a change.');
    expect(calls).toEqual([]);
    form.unmount();
  });
});
