import { expect, type Locator, type Page } from '@playwright/test';
import type { PosPage } from './pos-page.js';

/** A stage of the register's Online orders tab, as its heading names it. */
export type QueueStageTitle = 'New' | 'Picking' | 'Ready for pickup';

/** The register's Online orders tab: the pickup queue by stage, each order a card with its buttons. */
export class OnlineOrdersPage {
  constructor(readonly page: Page) {}

  /**
   * Signs in on `terminal` (with the drawer opened when `cash`), waits until the register follows the
   * live channel (what the API changes from then on reaches it as it happens), and opens the tab.
   */
  static async signIn(pos: PosPage, url: string, terminal: string, cash = false): Promise<OnlineOrdersPage> {
    await pos.open(url, terminal);
    await pos.login();
    if (cash) await pos.openDrawer();
    await expect(pos.page.getByTestId('live-state')).toHaveText('Live');
    const queue = new OnlineOrdersPage(pos.page);
    await queue.open();
    return queue;
  }

  /** The tab in the register's views, its count at the end ("Online orders 2"). */
  get tab(): Locator {
    return this.page
      .getByRole('navigation', { name: 'Register views' })
      .getByRole('button', { name: /^Online orders/ });
  }

  /** The number on the tab. */
  get count(): Locator {
    return this.tab.locator('.count');
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Online orders', level: 2 });
  }

  async open(): Promise<void> {
    await this.tab.click();
    await expect(this.heading).toBeVisible();
  }

  stage(title: QueueStageTitle): Locator {
    return this.page.getByRole('region', { name: new RegExp(`^${title} \\d+$`) });
  }

  /** An order's card, wherever it is. */
  card(orderNumber: string): Locator {
    return this.page.locator(`article[data-order="${orderNumber}"]`);
  }

  /** An order's card in one stage. */
  cardIn(title: QueueStageTitle, orderNumber: string): Locator {
    return this.stage(title).locator(`article[data-order="${orderNumber}"]`);
  }

  button(
    orderNumber: string,
    name: 'Start picking' | 'Pick and pack' | 'Hand over' | 'Cancel order' | 'Open the bag again',
  ): Locator {
    return this.card(orderNumber).getByRole('button', { name: new RegExp(`^${name}`) });
  }

  /** An order's pick list (opened by "Start picking" here, or by "Pick and pack"). */
  pickList(orderNumber: string): Locator {
    return this.page.getByRole('dialog', { name: `Pick order ${orderNumber}` });
  }

  /** Scans (a wedge scanner types, then Enter) a package label into the open pick list. */
  async scan(orderNumber: string, label: string): Promise<void> {
    const field = this.pickList(orderNumber).getByLabel('Package label');
    await field.fill(label);
    await field.press('Enter');
  }

  /**
   * Picks every counted line of an order by scanning its package once per unit, then packs it into
   * `bags` bags from its open pick list.
   */
  async pickAndPack(
    order: { orderNumber: string; items: readonly { packageLabel: string; quantity: number; deli: boolean }[] },
    bags = 1,
  ): Promise<void> {
    // Its pick list is open: "Start picking" here opens it once the order moved; "Pick and pack" opens it again.
    const list = this.pickList(order.orderNumber);
    await expect(list).toBeVisible();
    for (const item of order.items) {
      if (item.deli) throw new Error('pickAndPack scans counted lines; weigh a weighed line in the test');
      for (let unit = 0; unit < item.quantity; unit += 1) await this.scan(order.orderNumber, item.packageLabel);
    }
    await expect(list.getByTestId('pick-progress')).toHaveText(
      `${order.items.length} of ${order.items.length} ${order.items.length === 1 ? 'line' : 'lines'}`,
    );
    await list.getByLabel('Bags').fill(String(bags));
    await list.getByRole('button', { name: `Packed: order ${order.orderNumber}` }).click();
    await expect(list).toBeHidden();
  }

  /** Finds an order to hand over by its number or its customer's name, as a cashier types it. */
  async find(words: string): Promise<void> {
    await this.page.getByLabel('Order number or customer name').fill(words);
    await this.page.getByLabel('Order number or customer name').press('Enter');
  }

  /** Cancels an order through its confirm, giving `reason`. */
  async cancel(orderNumber: string, reason: string): Promise<void> {
    await this.button(orderNumber, 'Cancel order').click();
    const dialog = this.page.getByRole('dialog', { name: `Cancel order ${orderNumber}?` });
    await dialog.getByLabel('Why is it canceled?').fill(reason);
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog).toBeHidden();
  }
}
