import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page the host server answers with. */
interface HostedPage {
  body: string;
  contentType: string;
}

/**
 * The integrator's web server in the SDK tests: plain HTTP on 127.0.0.1 on its own port, so its
 * origin differs from the service's (another port) while both stay in the loopback address space
 * Chromium lets talk to each other. Tests register the pages it serves.
 */
export class HostServer {
  private constructor(
    private readonly server: Server,
    private readonly pages: Map<string, HostedPage>,
    readonly origin: string,
  ) {}

  static async start(): Promise<HostServer> {
    const pages = new Map<string, HostedPage>();
    const server = createServer((request, response) => {
      const page = pages.get((request.url ?? '/').split('?')[0]!);
      if (!page) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('no such page');
      response.writeHead(200, { 'content-type': page.contentType, 'cache-control': 'no-store' }).end(page.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new HostServer(server, pages, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }

  /** Serves `body` at `path` until replaced; answers the page's URL. */
  serve(path: string, body: string, contentType = 'text/html; charset=utf-8'): string {
    this.pages.set(path, { body, contentType });
    return `${this.origin}${path}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
