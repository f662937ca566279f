import type { IncomingMessage, ServerResponse } from "node:http";

export declare const PEER_HEADER: string;
export declare const PEER_SERVER_MARK: unique symbol;
export declare function withPeerAddress(
  listener: (req: IncomingMessage, res: ServerResponse) => unknown,
): (req: IncomingMessage, res: ServerResponse) => unknown;
