// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { mount } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import MovementList from '../../../../renderer/pos/components/MovementList.vue';
import { signedInCashier } from './signed-in.js';

/** A shift with no cash in or out: "yet" while the drawer is open; once it is closed, it says so. */
const shown = (closed?: boolean) =>
  mount(MovementList, {
    props: { movements: [], ...(closed === undefined ? {} : { closed }) },
    global: { plugins: [getActivePinia()!] },
  }).text();

beforeEach(() => signedInCashier());

describe('a shift’s cash in and out, when there was none', () => {
  it('says "yet" while the drawer is open', () => {
    expect(shown()).toBe('No cash in or out yet this shift.');
    expect(shown(false)).toBe('No cash in or out yet this shift.');
  });

  it('says the drawer is closed once it is', () => {
    expect(shown(true)).toBe('No cash went in or out this shift. The drawer is closed.');
  });
});
