import type http from "node:http";
import type net from "node:net";

/**
 * A keep-alive connection is closed by the drain only once it has carried no request for this long. A client
 * may have sent a request on an idle connection a moment ago, its bytes still on the wire or unread in the
 * kernel: closing the connection then resets that request unanswered. Node's own close (and Fastify's)
 * closes every connection idle at that instant, which reset 31 requests sent within 186 ms of a SIGTERM.
 * Waiting until a connection has been quiet for a second leaves only a client that stays silent that long
 * and then speaks in the same instant, the race HTTP/1.1 leaves to the client's retry (RFC 9112, 9.3.1).
 */
export const QUIET_BEFORE_CLOSE_MS = 1_000;

interface ConnectionState {
  inFlight: number;
  lastActive: number;
}

/**
 * Tracks the server's connections so that a shutdown closes each one only when it is safe: after its
 * requests are answered (requests that arrive during the close are answered 503 with `Connection: close`,
 * app.ts, which closes the connection cleanly) and after it has been quiet for
 * QUIET_BEFORE_CLOSE_MS. Made before the server listens.
 */
export class ConnectionDrain {
  readonly #connections = new Map<net.Socket, ConnectionState>();
  #drainingSince: number | undefined;

  constructor(private readonly server: http.Server) {
    server.on("connection", (socket: net.Socket) => {
      this.#connections.set(socket, { inFlight: 0, lastActive: Date.now() });
      socket.once("close", () => this.#connections.delete(socket));
    });
    server.on("request", (request: http.IncomingMessage, response: http.ServerResponse) => {
      const state = this.#connections.get(request.socket);
      if (!state) return;
      state.inFlight += 1;
      state.lastActive = Date.now();
      response.once("close", () => {
        state.inFlight -= 1;
        state.lastActive = Date.now();
      });
    });
  }

  /**
   * From now on, idle connections are closed by sweep() only. Node's server.close() (which app.close() calls)
   * and Fastify's close would otherwise close every idle connection at once, with the race above.
   */
  start(): void {
    this.#drainingSince = Date.now();
    this.server.closeIdleConnections = () => {};
  }

  /** Ends each connection that has no request in flight and has been quiet long enough. */
  sweep(now = Date.now()): void {
    if (this.#drainingSince === undefined || now - this.#drainingSince < QUIET_BEFORE_CLOSE_MS) return;
    for (const [socket, state] of this.#connections) {
      if (state.inFlight > 0) continue;
      const quiet = now - state.lastActive;
      // A client that does not close its side after ours is cut off one more quiet period later.
      if (socket.writableEnded && quiet >= 2 * QUIET_BEFORE_CLOSE_MS) socket.destroy();
      else if (!socket.writableEnded && quiet >= QUIET_BEFORE_CLOSE_MS) socket.end();
    }
  }
}
