import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export type Connections = {
  /**
   * The server is stopping: closes every connection with no request in flight now, each
   * other one as soon as its answer is written, and any new one at once.
   */
  closeWhenIdle: () => void;
};

/**
 * Keeps account of which connections of a listening server carry a request. Node closes
 * idle keep-alive connections when the server closes, but not one that never sent a
 * request (a browser's preconnection): a stop waited for it up to the keep-alive timeout
 * (72 s), and a deploy's SIGTERM with it (issue 31).
 */
export function trackConnections(server: Server): Connections {
  const idle = new Set<Socket>();
  let isClosing = false;
  server.on('connection', (socket: Socket) => {
    if (isClosing) {
      socket.destroy();
      return;
    }
    idle.add(socket);
    socket.once('close', () => idle.delete(socket));
  });
  server.on('request', (request, response) => {
    const { socket } = request;
    idle.delete(socket);
    response.once('finish', () => {
      if (socket.destroyed) return;
      if (isClosing) socket.end();
      else idle.add(socket);
    });
  });
  return {
    closeWhenIdle() {
      isClosing = true;
      for (const socket of idle) socket.destroy();
      idle.clear();
    },
  };
}
