import type { IncomingMessage, ServerResponse } from "node:http";

type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export declare const DIRECT_ROUTES: string[];
export declare const GZIP_MIN_BYTES: number;
export declare function tableHandler(): Promise<((route: string) => RouteHandler) & { dispatch: (req: Request) => Promise<Response>; templates: string[] }>;
export declare function apiLane(
  dispatch: (req: Request) => Promise<Response>,
  opts: { maxBodyBytes: number },
): (req: IncomingMessage, res: ServerResponse) => Promise<void> | undefined;
export declare function directRoutes(
  load: (route: string) => RouteHandler,
  opts: { maxBodyBytes: number },
): (req: IncomingMessage, res: ServerResponse) => Promise<void> | undefined;
