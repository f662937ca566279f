// The TCP peer of each request, for per-address limits (server/auth/client-address.ts,
// ADR 0009): route handlers cannot see the socket, so the HTTP server in front of Next
// writes it into a request header before Next reads the request.
export const PEER_HEADER = "x-kraken-peer";
export const PEER_SERVER_MARK = Symbol.for("kraken-migrate.peer-server");

/**
 * A Node request listener that stamps `req.socket.remoteAddress` into PEER_HEADER,
 * overwriting whatever a client sent under that name, then calls `listener`. Marks the
 * process so that client-address.ts trusts the header (under `next start` it does not).
 */
export function withPeerAddress(listener) {
  globalThis[PEER_SERVER_MARK] = true;
  return (req, res) => {
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
    return listener(req, res);
  };
}
