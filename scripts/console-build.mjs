// `npm start` when the console must be (re)built (ADR 0506): Next's build runs in a child
// process while the server already answers the API from the route table's sources; until it
// is done, every other path gets a short page (or, for programs, JSON) saying so, refreshing itself.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** Runs `next build`; resolves when it succeeded, rejects when it failed. */
export function buildConsole() {
  console.log("> Building the console (first start or sources changed); the API answers meanwhile…");
  return new Promise((resolve, reject) => {
    // The build never opens the app's database: under PGlite only this server may (single process).
    const child = spawn(path.join(root, "node_modules", ".bin", "next"), ["build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production", PGLITE_DIR: "memory://" },
    });
    const stop = () => child.kill("SIGTERM");
    process.once("SIGINT", stop).once("SIGTERM", stop);
    child.on("exit", (code, signal) => {
      process.off("SIGINT", stop).off("SIGTERM", stop);
      if (code === 0) resolve(undefined);
      else reject(new Error(`next build exited with ${code ?? signal}`));
    });
  });
}

const PAGE = `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5"><title>Starting</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1 style="font-size:1.4rem">The console is being built, ready in a moment</h1><p>This page reloads itself. The REST API under <a href="/v1/openapi.json">/v1/</a> is already answering.</p></body></html>`;

/** The answer to a console request while the build runs: 503 with Retry-After, a page that reloads itself. */
export function building(req, res) {
  const html = !/^\/(api|healthz)(\/|$)/.test(req.url ?? "/");
  const body = html
    ? PAGE
    : JSON.stringify({
        detail: "The console is being built, ready in a moment.",
        code: "service_unavailable",
        errors: [],
      });
  res.writeHead(503, {
    "content-type": html ? "text/html; charset=utf-8" : "application/json",
    "content-length": Buffer.byteLength(body),
    "retry-after": "5",
    "cache-control": "no-store",
    "x-request-id": crypto.randomUUID(),
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "content-security-policy":
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  });
  req.resume();
  res.end(req.method === "HEAD" ? undefined : body);
}
