import { expect, type Locator, type Page } from '@playwright/test';

/** The register's drawer (top bar "Drawer"): opening it, cash in and out, the X and Z reports, the close. */
export class DrawerPage {
  constructor(readonly page: Page) {}

  /** The top bar's Drawer button; its text ends with the drawer's state ("open" or "closed"). */
  get button(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: /^Drawer/ });
  }

  get openStep(): Locator {
    return this.page.getByRole('heading', { name: 'Open the drawer' });
  }

  get panel(): Locator {
    return this.page.getByRole('region', { name: /^Drawer · Register/ });
  }

  /** The live total of a count: `float` when opening, `close` when closing. */
  total(form: 'float' | 'close'): Locator {
    return this.page.getByTestId(`${form}-total`);
  }

  /** Waits until the register has read its drawer; answers whether it is open. */
  async state(): Promise<'open' | 'closed'> {
    await expect(this.button).toHaveText(/(open|closed)$/);
    return (await this.button.textContent())!.trim().endsWith('open') ? 'open' : 'closed';
  }

  /** Brings the drawer screen to the front. */
  async show(): Promise<void> {
    if ((await this.button.getAttribute('aria-pressed')) !== 'true') await this.button.click();
  }

  /** Taps a number on the open keypad dialog, then its confirm button (Next or Set). */
  async keypad(value: string, confirm: 'Next' | 'Set' = 'Next'): Promise<void> {
    const dialog = this.page.getByRole('dialog');
    for (const key of value) {
      const name = key === '.' ? 'Decimal point' : key;
      await dialog.getByRole('button', { name, exact: true }).click();
    }
    await dialog.getByRole('button', { name: confirm, exact: true }).click();
  }

  /** Counts `label` ("$20 bills", "quarters") on the keypad; the keypad then offers the next row, closed here. */
  async countOnKeypad(label: string, pieces: number): Promise<void> {
    await this.page.getByRole('button', { name: `Count ${label} on the keypad` }).click();
    await this.keypad(String(pieces), label === 'pennies' ? 'Set' : 'Next');
    const next = this.page.getByRole('dialog');
    if (await next.isVisible()) await next.getByRole('button', { name: 'Cancel' }).click();
  }

  /** Opens the drawer with a float entered as one amount, typed ("200.00"). */
  async openWithAmount(dollars: string): Promise<void> {
    await this.show();
    await expect(this.openStep).toBeVisible();
    await this.page.getByRole('button', { name: 'One amount' }).click();
    await this.page.getByLabel('Amount counted ($)').fill(dollars);
    await expect(this.total('float')).toHaveText(`$${Number(dollars).toFixed(2)}`);
    await this.page.getByRole('button', { name: /^Open the drawer with/ }).click();
    await expect(this.button).toHaveText(/open$/);
  }

  /**
   * Closes the open drawer with a count typed as one amount ("215.00"), confirms it (a close is
   * final) and waits for its Z report.
   */
  async closeWithAmount(dollars: string): Promise<void> {
    const money = `$${Number(dollars).toFixed(2)}`;
    await this.page.getByRole('button', { name: 'Close the drawer…' }).click();
    await this.page.getByRole('button', { name: 'One amount' }).click();
    await this.page.getByLabel('Amount counted ($)').fill(dollars);
    await expect(this.total('close')).toHaveText(money);
    await this.page.getByRole('button', { name: `Close the drawer with ${money}` }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Close the drawer' }).click();
    await expect(this.page.getByRole('heading', { name: 'Drawer closed' })).toBeVisible();
  }

  /** A cash flow's amount on the X or Z report shown (`float`, `cashTendered`, `changeGiven`…). */
  flow(name: string): Locator {
    return this.page.locator(`[data-flow="${name}"] td`);
  }

  /** A payment method's row of sales on the report shown: its count, then its amount. */
  sales(method: string): Locator {
    return this.page.locator(`tr[data-method="${method}"] td`);
  }

  /**
   * Records a cash movement ("Safe drop", "Paid out"…) with an amount typed and a reason, approved by
   * `approval` (a manager's name and PIN) where the store asks for one.
   */
  async move(kind: string, dollars: string, reason: string, approval?: { manager: string; pin: string }) {
    await this.page.getByRole('group', { name: 'Kind of movement' }).getByRole('button', { name: kind }).click();
    await this.page.getByLabel('Amount ($)').fill(dollars);
    await this.page.getByLabel('Why').fill(reason);
    if (approval) {
      const approving = this.page.getByRole('group', { name: 'Approving manager' });
      await approving.getByRole('button', { name: approval.manager }).click();
      await this.page.getByLabel("Manager's PIN").fill(approval.pin);
    }
    await this.page.getByRole('button', { name: `Record ${kind.toLowerCase()}` }).click();
  }
}
