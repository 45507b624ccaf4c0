import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ServicePayError } from '../../../shared/errors.js';

/**
 * The browser pages built by Vite (dist/renderer): the three windows, the payment widget that the
 * SDK frames, and the SDK loader. Served from the service's own origin so the widget and the API
 * share it; only these prefixes are static, everything else stays the API's.
 */
const PAGES = ['pos', 'display', 'backoffice', 'sdk', 'assets'] as const;

/**
 * The Content Security Policy of every page: scripts and connections to this origin only. Styles
 * allow inline attributes because Vue binds `style`; no inline scripts anywhere.
 */
function contentSecurityPolicy(frameable: boolean): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    frameable ? 'frame-ancestors *' : "frame-ancestors 'self'",
  ].join('; ');
}

/** The SDK's runtime, named by its content's hash (vite.sdk.config.ts): it never changes under a name. */
const SDK_RUNTIME = /servicepay-runtime-[0-9a-f]+\.js$/;
/** The widget's page under the versioned name the runtime frames (vite.sdk.config.ts). */
const WIDGET_PAGE = /widget[\\/]page-[0-9a-f]+\.html$/;

function setHeaders(reply: FastifyReply, servedPath: string): void {
  // For a precompressed file this is the .br or .gz beside the original.
  const path = servedPath.replace(/\.(br|gz)$/, '');
  // The payment widget (under sdk/) is framed by integrators' pages; the windows are not framable.
  const frameable = path.includes(join('renderer', 'sdk'));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  if (path.endsWith('.html')) {
    reply.header('content-security-policy', contentSecurityPolicy(frameable));
    // A page names its scripts by their hashes, so it is revalidated; the widget's versioned page
    // never changes under its name.
    reply.header('cache-control', WIDGET_PAGE.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
  } else if (path.includes(join('renderer', 'assets')) || SDK_RUNTIME.test(path)) {
    // Vite names assets by content hash, and the SDK's runtime too: they never change under the same name.
    reply.header('cache-control', 'public, max-age=31536000, immutable');
  } else {
    // The loader has one unversioned URL (spec 9): cache briefly, revalidate after.
    reply.header('cache-control', 'public, max-age=300');
  }
  // The loader and its runtime are fetched by integrators' pages on other origins.
  const sdkScript = path.endsWith(join('sdk', 'servicepay.js')) || SDK_RUNTIME.test(path);
  if (sdkScript || path.endsWith(join('sdk', 'servicepay.d.ts'))) {
    reply.header('access-control-allow-origin', '*');
  }
}

/** Serves dist/renderer (or answers 503 naming the build command when it has not been built). */
export async function registerStaticPages(app: FastifyInstance, staticDir: string): Promise<void> {
  await app.register(async (scope) => {
    // Page loads are not API calls: keep them out of the per-client request budget.
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), rateLimited: false };
    });
    if (!existsSync(join(staticDir, 'pos', 'index.html'))) {
      const notBuilt = async (_request: unknown, _reply: FastifyReply) => {
        // Which pages there are is read as the service starts: pages built since need a restart.
        throw new ServicePayError(
          'UNAVAILABLE',
          `the browser pages were not built in ${staticDir} when this service started: run npm run build, then start the service again`,
        );
      };
      for (const page of PAGES) scope.get(`/${page}/*`, { schema: { hide: true } }, notBuilt);
    } else {
      PAGES.forEach((page, index) =>
        scope.register(fastifyStatic, {
          root: join(staticDir, page),
          prefix: `/${page}/`,
          decorateReply: index === 0,
          preCompressed: true,
          index: ['index.html'],
          redirect: true,
          setHeaders,
        }),
      );
    }
    scope.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/pos/'));
    // The pages name their icon; this answers browsers and tools that ask the origin for it anyway.
    if (existsSync(join(staticDir, 'favicon.ico'))) {
      scope.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=86400').sendFile('favicon.ico', staticDir),
      );
    }
    for (const page of ['pos', 'display', 'backoffice'] as const) {
      scope.get(`/${page}`, { schema: { hide: true } }, async (_request, reply) => reply.redirect(`/${page}/`));
    }
  });
}
