import axe from 'axe-core';
import type { AxeResults, Result } from 'axe-core';
import type { Frame, Page } from '@playwright/test';

/** What the screens are held to: WCAG 2.1 A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Puts axe in a frame that lacks it (a navigation drops it) and lets it answer the page's axe from
 * any origin (the payment widget's frame is the service's, inside an integrator's page). A frame
 * that goes away meanwhile is no longer in the page and is not asked.
 */
async function inject(frame: Frame): Promise<void> {
  try {
    if ((await frame.evaluate('typeof window.axe')) !== 'undefined') return;
    await frame.evaluate(`${axe.source}\n;axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] })`);
  } catch (error) {
    if (!frame.isDetached()) throw error;
  }
}

/**
 * Runs axe on `selector` in the page and every frame inside it, from the page itself (axe asks each
 * frame through its own messages), and answers its violations (the passes are not gathered node by
 * node). @axe-core/playwright did the same in 3.5–5 s a scan of the POS (axe put in every frame
 * again, then its results finished in a new blank page); this takes the scan's own 0.6 s.
 */
async function scan(page: Page, selector: string): Promise<Result[]> {
  for (const frame of page.frames()) await inject(frame);
  const results = await page.evaluate(
    ({ selector, tags }) =>
      (window as unknown as { axe: typeof axe }).axe.run(
        { include: [selector] },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    { selector, tags: TAGS },
  );
  return (results as AxeResults).violations;
}

const words = (violation: Result) =>
  `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`;

/** The serious and critical axe violations inside `selector` (WCAG 2.1 A/AA and best practice). */
export async function seriousViolations(page: Page, selector = 'body'): Promise<string[]> {
  const violations = await scan(page, selector);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(words);
}

/**
 * Every axe violation inside `selector`, whatever its impact (minor and moderate included): the
 * main screens of the POS, the pole display and the back office are held to none.
 */
export async function axeViolations(page: Page, selector = 'body'): Promise<string[]> {
  return (await scan(page, selector)).map((violation) => `${violation.impact}: ${words(violation)}`);
}
