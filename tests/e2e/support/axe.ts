import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The serious and critical axe violations inside `selector` (WCAG 2.1 A/AA and best practice). */
export async function seriousViolations(page: Page, selector = 'body'): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/**
 * Every axe violation inside `selector`, whatever its impact (minor and moderate included): the
 * main screens of the POS, the pole display and the back office are held to none.
 */
export async function axeViolations(page: Page, selector = 'body'): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.impact}: ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}
