import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A stopping service ends the connections no byte ever came on: a browser's speculative
 * preconnect, or an HTTP client's spare socket opened for a request it then dropped. Node's
 * `server.close()` ends the idle keep-alive connections but waits on these until their client
 * gives them up (undici after 4 s, a browser when it likes), and the stop waits with it. A
 * connection that sent anything is left to Node: a request being read or answered finishes, as
 * before. One opened while the service stops is ended at once.
 */
export function closeUnusedConnections(app: FastifyInstance): void {
  const open = new Set<Socket>();
  let stopping = false;
  app.server.on('connection', (socket: Socket) => {
    if (stopping) {
      socket.destroy();
      return;
    }
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('preClose', async () => {
    stopping = true;
    // Node's parser reads the socket's handle itself: its count is the only sign a request began.
    for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
  });
}
