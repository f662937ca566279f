import type { IncomingMessage, RequestListener, ServerOptions } from "node:http";
import type { Duplex } from "node:stream";

export declare const SERVED_METHODS: string[];
export declare function edgeTimeouts(env?: Record<string, string | undefined>): { requestTimeoutMs: number; headersTimeoutMs: number };
export declare function edgeServerOptions(env?: Record<string, string | undefined>): ServerOptions;
export declare function withServedMethods(listener: RequestListener<typeof IncomingMessage>): RequestListener<typeof IncomingMessage>;
export declare function answerClientError(err: Error & { code?: string }, socket: Duplex): void;
