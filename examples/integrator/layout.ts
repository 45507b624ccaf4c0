import { escapeHtml } from './http.js';

/** What every page of the example gets from the server. */
export interface PageContext {
  serviceOrigin: string;
  nonce: string;
  /** Public settings for the page's script (never a secret). */
  config: Record<string, unknown>;
}

/**
 * The SDK guide's loader snippet: the queue stub and the async script tag whose id is the instance
 * name, with a preload hint so the script is fetched early and cached.
 */
function sdkHead(context: PageContext, load: boolean): string {
  const src = `${context.serviceOrigin}/sdk/servicepay.js`;
  const snippet = `
    (function (w, d, name, src) {
      w[name] = w[name] || function () { (w[name].q = w[name].q || []).push(arguments); };
      var s = d.createElement('script'); s.id = name; s.async = true; s.src = src;
      d.head.appendChild(s);
    })(window, document, '_servicepay', ${JSON.stringify(src)});`;
  return `<link rel="preload" as="script" href="${escapeHtml(src)}">
    ${load ? `<script nonce="${context.nonce}">${snippet}</script>` : ''}`;
}

/** An HTML page of the example: its head (styles, the SDK when `loadSdk`, the page's config and script) and `body`. */
export function layout(
  title: string,
  context: PageContext,
  body: string,
  script: string | null,
  loadSdk: boolean,
): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)} · Green Valley (SDK example)</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="/assets/example.css">
    ${sdkHead(context, loadSdk)}
    <script type="application/json" id="example-config">${JSON.stringify(context.config).replace(/</g, '\\u003c')}</script>
    ${script ? `<script type="module" src="/assets/${script}"></script>` : ''}
  </head>
  <body>
    <header class="site"><a href="/">Green Valley</a> <span>— a ServicePay SDK example on its own origin</span></header>
    ${body}
  </body>
</html>`;
}
