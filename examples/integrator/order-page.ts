import { escapeHtml } from './http.js';
import { layout, type PageContext } from './layout.js';
import { orderView } from './order-words.js';
import type { Order } from './ticket-shapes.js';
import type { OrderNews } from './webhook-receiver.js';

/**
 * An order's page: where it is (read from ServicePay now) and what the shop's webhook endpoint was
 * told of it. When the shop is told by webhook (`live`), the page follows the order
 * (public/order.js, order-updates.ts), so a customer sees each stage as the store works the order
 * without reloading; without webhooks only a reload reads it again.
 */
export function orderPage(context: PageContext, order: Order, news: readonly OrderNews[], live = true): string {
  const view = orderView(order, news);
  const told = view.news.map((entry) => `<li data-event="${escapeHtml(entry.type)}">${escapeHtml(entry.words)}</li>`);
  return layout(
    `Order ${order.orderNumber}`,
    context,
    `<main>
      <h1>Order ${escapeHtml(order.orderNumber)}</h1>
      <div aria-live="polite">
        <p id="stage" class="stage" data-stage="${escapeHtml(view.stage)}">${escapeHtml(view.stageWords)}</p>
        <p id="eta"${view.eta === null ? ' hidden' : ''}>${escapeHtml(view.eta ?? '')}</p>
        <p id="paid">${escapeHtml(view.paid)}</p>
      </div>
      <section aria-labelledby="news-title">
        <h2 id="news-title">Updates from the store</h2>
        <ol id="news">${told.length > 0 ? told.join('') : '<li class="muted">None yet.</li>'}</ol>
      </section>
      ${live ? '' : `<p><a href="/orders/${encodeURIComponent(order.orderNumber)}">Refresh</a></p>`}
    </main>`,
    live ? 'order.js' : null,
    false,
  );
}
