import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { handleError } from '../../../electron/server/http/errors.js';
import { registerStaticPages } from '../../../electron/server/http/static-pages.js';

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

it('pages not built say how to build them and that the service must start again to serve them', async () => {
  dir = mkdtempSync(join(tmpdir(), 'servicepay-no-pages-'));
  const app = Fastify();
  app.setErrorHandler(handleError);
  await registerStaticPages(app, dir);
  const answer = await app.inject({ method: 'GET', url: '/sdk/servicepay.js' });
  expect(answer.statusCode).toBe(503);
  expect(answer.json()).toEqual({
    resultCode: 'FAIL',
    resultReason: 'UNAVAILABLE',
    resultDetail: `the browser pages were not built in ${dir} when this service started: run npm run build, then start the service again`,
  });
  await app.close();
});
