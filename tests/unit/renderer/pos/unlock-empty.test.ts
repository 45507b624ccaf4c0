// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, mount } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import LockScreen from '../../../../renderer/pos/components/LockScreen.vue';
import { signedInCashier } from './signed-in.js';

/** The service's calls: nothing is sent while a field is empty. */
let calls: string[] = [];

beforeEach(() => {
  signedInCashier();
  calls = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(String(url));
    return new Response(JSON.stringify({ resultCode: 'SUCCESS' }), { status: 200 });
  });
});

async function submitted(screen: ReturnType<typeof mount>) {
  await screen.get('form').trigger('submit');
  await flushPromises();
  return screen.get('[role="alert"]');
}

describe('unlocking with nothing typed', () => {
  it('says the password is missing, marks its field and sends nothing', async () => {
    const screen = mount(LockScreen, { attachTo: document.body });
    expect((await submitted(screen)).text()).toBe('Type your password to unlock.');
    const field = screen.get('#unlock-password');
    expect(field.attributes('aria-invalid')).toBe('true');
    expect(field.attributes('aria-describedby')).toBe('unlock-error');
    expect(document.activeElement).toBe(field.element);
    expect(calls).toEqual([]);
    screen.unmount();
  });

  it('asks a manager for what they left out: the username, then the password', async () => {
    const screen = mount(LockScreen, { attachTo: document.body });
    await screen.get('button.link').trigger('click');
    expect((await submitted(screen)).text()).toBe("Type the manager's username and password to unlock.");
    expect(screen.get('#manager-username').attributes('aria-invalid')).toBe('true');
    await screen.get('#manager-username').setValue('manager');
    expect((await submitted(screen)).text()).toBe("Type the manager's password to unlock.");
    expect(screen.get('#manager-password').attributes('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    screen.unmount();
  });
});
