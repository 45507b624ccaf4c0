// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { flushPromises, mount } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DealView } from '../../../../shared/contracts/deals.js';
import DealsView from '../../../../renderer/backoffice/components/deals/DealsView.vue';
import { leavingWords } from '../../../../renderer/backoffice/logic/leaving-words.js';
import { useDealsStore } from '../../../../renderer/backoffice/stores/deals.js';
import { dealView } from './deal-fixture.js';
import { fakeService, signedIn, type Answer } from './fake-service.js';

/**
 * Closing a form with changes typed asks first. A record on file keeps what is on file; a new one
 * has nothing on file, so the question says nothing is saved and nothing is added.
 */
describe('the question before a form’s changes are dropped', () => {
  it('keeps a record on file as it is', () => {
    expect(leavingWords('deal', 'Wednesday edibles')).toEqual({
      title: 'Discard your changes to Wednesday edibles?',
      message: 'What you typed in the form is not saved. Discarding it keeps the deal as it is on file.',
      confirm: 'Discard changes',
    });
    expect(leavingWords('product', 'Blue Dream').message).toBe(
      'What you typed in the form is not saved. Discarding it keeps the product as it is on file.',
    );
  });

  it('says a new record is not saved, never that it is on file', () => {
    expect(leavingWords('deal', null)).toEqual({
      title: 'Discard this new deal?',
      message: 'Nothing is saved: what you typed in the form goes, and no deal is added.',
      confirm: 'Discard new deal',
    });
    expect(leavingWords('product', null)).toEqual({
      title: 'Discard this new product?',
      message: 'Nothing is saved: what you typed in the form goes, and no product is added.',
      confirm: 'Discard new product',
    });
  });
});

const DEALS = '/v2.0/dispensary/demo/setup/deals';
const ok = { resultCode: 'SUCCESS', resultReason: null };
const list = (deals: DealView[]): Answer => ({ body: { ...ok, deals, count: deals.length } });

beforeEach(() => signedIn(['store:manage']));
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('the Deals tab asking before it closes a form with changes', () => {
  async function dealsTab(routes: Record<string, Answer[]> = {}) {
    fakeService({ [`GET ${DEALS}`]: [list([dealView()])], ...routes });
    const deals = useDealsStore();
    deals.categories = ['EDIBLE'];
    const view = mount(DealsView, { attachTo: document.body, global: { plugins: [getActivePinia()!] } });
    await flushPromises();
    return { deals, view };
  }
  const question = () => document.querySelector('dialog.confirm');

  it('asks about a new deal in words of a new one', async () => {
    const { deals, view } = await dealsTab();
    deals.startAdding();
    deals.draft.name = 'Spring again';
    await deals.leave(deals.close);
    await flushPromises();
    expect(question()?.querySelector('h2')?.textContent).toBe('Discard this new deal?');
    expect(question()?.textContent).toContain(
      'Nothing is saved: what you typed in the form goes, and no deal is added.',
    );
    expect(question()?.textContent).not.toContain('on file');
    expect(question()?.querySelector('.danger-solid')?.textContent).toBe('Discard new deal');
    view.unmount();
  });

  it('asks about a deal on file by its name, keeping it as it is on file', async () => {
    const { deals, view } = await dealsTab({ [`GET ${DEALS}/d1`]: [{ body: { ...ok, deal: dealView() } }] });
    await deals.open(dealView());
    deals.draft.name = 'Wednesday edibles and more';
    await deals.leave(deals.close);
    await flushPromises();
    expect(question()?.querySelector('h2')?.textContent).toBe('Discard your changes to Wednesday edibles?');
    expect(question()?.textContent).toContain('Discarding it keeps the deal as it is on file.');
    expect(question()?.querySelector('.danger-solid')?.textContent).toBe('Discard changes');
    view.unmount();
  });
});
