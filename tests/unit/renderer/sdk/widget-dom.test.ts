// @vitest-environment happy-dom
import { reactive } from 'vue';
import { describe, expect, it } from 'vitest';
import { h, list, region, when } from '../../../../renderer/sdk/widget/dom';

/** The widget's view layer (renderer/sdk/widget/dom.ts) on a real DOM: what its screens rely on. */

/** Lets the batched updates of this turn run (they wait for one microtask). */
const updated = () => Promise.resolve();

describe('the widget view layer', () => {
  it('keeps bound text and attributes current, once per batch of changes', async () => {
    const state = reactive({ amount: 1 });
    let reads = 0;
    const element = h('p', { title: () => `due ${state.amount}`, hidden: false }, () => {
      reads += 1;
      return `$${state.amount}`;
    });
    expect(element.outerHTML).toBe('<p title="due 1">$1</p>');
    state.amount = 2;
    state.amount = 3;
    expect(element.textContent).toBe('$1');
    await updated();
    expect(element.outerHTML).toBe('<p title="due 3">$3</p>');
    expect(reads).toBe(2);
  });

  it('rebuilds a part when its key changes; the old part stops following the state', async () => {
    const state = reactive({ screen: 'choose', amount: 5 });
    const built: string[] = [];
    let reads = 0;
    const root = h(
      'main',
      null,
      region(
        () => state.screen,
        (screen) => {
          built.push(screen);
          return h('h2', null, () => `${screen} ${(reads += 1) && state.amount}`);
        },
      ),
    );
    expect(root.textContent).toBe('choose 5');
    state.screen = 'card';
    state.amount = 6;
    await updated();
    expect(root.textContent).toBe('card 6');
    expect(built).toEqual(['choose', 'card']);
    expect(reads).toBe(2);
    state.amount = 7;
    await updated();
    expect(root.textContent).toBe('card 7');
    expect(reads).toBe(3);
  });

  it('never updates an inner part from a state its outer part has already left', async () => {
    const state = reactive<{ session: { amount: number } | null }>({ session: { amount: 5 } });
    const root = h(
      'div',
      null,
      when(
        () => state.session,
        () => h('p', null, () => String(state.session!.amount)),
      ),
    );
    expect(root.textContent).toBe('5');
    state.session!.amount = 6;
    state.session = null;
    await updated();
    expect(root.innerHTML).toBe('<!----><!---->');
  });

  it('keeps the node of a list item whose key stays, and removes the ones that go', async () => {
    const state = reactive({ methods: ['Credit', 'Debit'] });
    const root = h(
      'ul',
      null,
      list(
        () => state.methods,
        (method) => method,
        (method) => h('li', null, method),
      ),
    );
    const [credit, debit] = Array.from(root.children);
    state.methods = ['Credit', 'Debit', 'Cash'];
    await updated();
    expect(Array.from(root.children, (item) => item.textContent)).toEqual(['Credit', 'Debit', 'Cash']);
    expect(root.children[0]).toBe(credit);
    expect(root.children[1]).toBe(debit);
    state.methods = ['Debit', 'Cash'];
    await updated();
    expect(Array.from(root.children, (item) => item.textContent)).toEqual(['Debit', 'Cash']);
    expect(root.children[0]).toBe(debit);
  });

  it('listens to events named on<event>', () => {
    let clicks = 0;
    const button = h('button', { type: 'button', onclick: () => (clicks += 1) }, 'Pay');
    button.click();
    expect(clicks).toBe(1);
    expect(button.outerHTML).toBe('<button type="button">Pay</button>');
  });
});
