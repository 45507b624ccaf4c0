import type { Frame, Page } from '@playwright/test';

/** The least a touch target measures each way, in CSS px (WCAG 2.5.5, Apple's HIG). */
export const TOUCH_PX = 44;

/** A target found smaller than TOUCH_PX, said so that a failure names it: "button “Remove code SPRNG5” 28×28". */
export type SmallTarget = string;

/**
 * The visible, enabled buttons, links, fields, selects, summaries and [role=button] elements under
 * `root` whose hit area is under 44 px either way. The hit area is the element's box (its padding
 * counts), grown by an absolutely placed ::before or ::after (a larger invisible hit area), or by the
 * <label> wrapping a checkbox or radio (a tap on the label works it).
 *
 * Exempt, with their reasons:
 * - a link inside a sentence (a text node with words beside it in the same block): WCAG 2.5.5's
 *   "inline" exception; making it 44 px tall would break the line spacing of the text around it;
 * - anything hidden (display none, visibility hidden, zero or 1 px boxes such as visually hidden
 *   inputs whose label is the target), disabled or inert (behind a modal dialog it is measured on the
 *   screen where it is reachable).
 */
export async function smallTargets(scope: Page | Frame, root = 'body'): Promise<SmallTarget[]> {
  return scope.evaluate(
    ({ root, least }) => {
      const TARGETS = 'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"]';
      /** The size a positioned pseudo-element adds as a hit area (0 when it has none). */
      const pseudo = (element: Element, which: '::before' | '::after'): [number, number] => {
        const style = getComputedStyle(element, which);
        if (style.content === 'none' || style.content === 'normal' || style.position !== 'absolute') return [0, 0];
        const px = (property: string) => Number.parseFloat(style.getPropertyValue(property)) || 0;
        // A border-box size already holds the padding and the border.
        const edges = (a: string, b: string) =>
          style.boxSizing === 'border-box'
            ? 0
            : px(`padding-${a}`) + px(`padding-${b}`) + px(`border-${a}-width`) + px(`border-${b}-width`);
        return [px('width') + edges('left', 'right'), px('height') + edges('top', 'bottom')];
      };
      /** True for a link set in running text: words of its block's own text nodes stand beside it. */
      const inSentence = (element: Element) => {
        if (getComputedStyle(element).display !== 'inline') return false;
        const block = element.parentElement;
        if (!block) return false;
        return [...block.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && /\p{L}{2,}/u.test(node.textContent ?? ''),
        );
      };
      const name = (element: Element) => {
        const field = element as HTMLInputElement;
        const text =
          element.getAttribute('aria-label') ??
          field.labels?.[0]?.textContent ??
          element.getAttribute('placeholder') ??
          element.textContent ??
          '';
        return text.replace(/\s+/g, ' ').trim().slice(0, 60);
      };
      const within = document.querySelector(root);
      if (!within) throw new Error(`Nothing on the page matches ${root}: nothing to measure.`);
      const found: string[] = [];
      for (const element of within.querySelectorAll(TARGETS)) {
        if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        if ((element as HTMLButtonElement).disabled || element.closest('[inert], fieldset:disabled')) continue;
        // Inside a closed <details>, only its summary shows.
        const details = element.closest('details');
        if (details && !details.open && element.closest('summary') === null) continue;
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        if (element.matches('a[href], button.link') && inSentence(element)) continue;
        let [width, height] = [box.width, box.height];
        for (const which of ['::before', '::after'] as const) {
          const [w, h] = pseudo(element, which);
          [width, height] = [Math.max(width, w), Math.max(height, h)];
        }
        const label = element.matches('input[type="checkbox"], input[type="radio"]') ? element.closest('label') : null;
        if (label) {
          const around = label.getBoundingClientRect();
          [width, height] = [Math.max(width, around.width), Math.max(height, around.height)];
        }
        // Half a pixel for rounding: a fractional layout may give a 44 px target as 43.99.
        if (width >= least - 0.5 && height >= least - 0.5) continue;
        const kind = element.getAttribute('role') ?? (element.tagName === 'A' ? 'link' : element.tagName.toLowerCase());
        const classes = [...element.classList].map((c) => `.${c}`).join('');
        found.push(`${kind}${classes} “${name(element)}” ${Math.round(width)}×${Math.round(height)}`);
      }
      return found;
    },
    { root, least: TOUCH_PX },
  );
}
