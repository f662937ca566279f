import type { IncomingMessage, ServerResponse } from "node:http";

type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export declare const DIRECT_ROUTES: string[];
export declare const GZIP_MIN_BYTES: number;
export declare function builtHandler(dir: string): (route: string) => RouteHandler;
export declare function directRoutes(
  load: (route: string) => RouteHandler,
  opts: { maxBodyBytes: number },
): (req: IncomingMessage, res: ServerResponse) => Promise<void> | undefined;
