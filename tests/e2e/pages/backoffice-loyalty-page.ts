import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Loyalty in the back office: the programme's fields in Store setup → Store, and a customer's points
 * (balance, tier, ledger, a manager's adjustment) in their detail under Customers.
 */
export class LoyaltyPage {
  constructor(readonly page: Page) {}

  /** The programme's fieldset in the store's settings. */
  get programme(): Locator {
    return this.page.getByRole('group', { name: 'Loyalty programme' });
  }

  get enabled(): Locator {
    return this.programme.getByRole('checkbox', { name: /earn points/ });
  }

  /** The programme's arithmetic in words, said live as it is typed. */
  /** The expiry rule in words, beside its months. */
  get expiryWords(): Locator {
    return this.programme.getByTestId('loyalty-expiry-words');
  }

  get summary(): Locator {
    return this.programme.getByTestId('loyalty-summary');
  }

  /** A product category's "earns no points" checkbox, by its label ("Accessories"). */
  excluded(category: string): Locator {
    return this.programme.getByRole('checkbox', { name: category, exact: true });
  }

  /** The tier rows, each with its name, points to reach and bonus. */
  get tiers(): Locator {
    return this.programme.locator('[data-tier-row]');
  }

  /** Why the tiers were refused, said beside them. */
  get tiersError(): Locator {
    return this.programme.locator('#loyalty-tiers-error');
  }

  /** Adds a tier row and fills it. */
  async addTier(name: string, minPoints: number, bonusPercent: number): Promise<void> {
    const before = await this.tiers.count();
    await this.programme.getByRole('button', { name: 'Add a tier' }).click();
    const row = this.tiers.nth(before);
    await row.getByLabel('Name').fill(name);
    await row.getByLabel('Points earned to reach').fill(String(minPoints));
    await row.getByLabel('Bonus (%)').fill(String(bonusPercent));
    // Leaving the field commits it (Enter would also submit the store's form).
    await row.getByLabel('Bonus (%)').blur();
  }

  /** The open customer's points section. */
  get points(): Locator {
    return this.page.getByRole('region', { name: 'Loyalty points' });
  }

  get balance(): Locator {
    return this.points.getByTestId('points-balance');
  }

  get standing(): Locator {
    return this.points.getByTestId('points-standing');
  }

  /** The ledger's rows, newest first. */
  get entries(): Locator {
    return this.points.locator('tr[data-points-entry]');
  }

  /** The manager's adjustment form (cashiers do not have it). */
  get adjustForm(): Locator {
    return this.points.getByRole('form', { name: 'Adjust points' });
  }

  async adjust(points: string, reason: string): Promise<void> {
    await this.adjustForm.getByLabel('Points', { exact: true }).fill(points);
    await this.adjustForm.getByLabel('Reason', { exact: true }).fill(reason);
    await this.adjustForm.getByRole('button', { name: 'Save adjustment' }).click();
  }

  /** Why the adjustment form refused a field, said beside it. */
  fieldError(field: 'points' | 'reason'): Locator {
    return this.adjustForm.locator(`[data-field-error="${field}"]`);
  }

  async expectBalance(text: string): Promise<void> {
    await expect(this.balance).toHaveText(text);
  }
}
