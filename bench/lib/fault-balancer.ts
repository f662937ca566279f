import http from "node:http";

// The load balancer of bench/faults.ts: round-robin over the app instances, per request,
// that passed their last readiness check, the way a cloud load balancer is told to run them
// (README "Configuration": /healthz/ready every second, out after 2 failures, back after 1
// success). When none is ready it sends to all of them (an ALB's "fail open"), so clients
// see what the instances answer while the database is away. It retries nothing: an instance
// that refuses or drops the connection makes the balancer drop the client's connection too,
// which the client sees as the failure it is. Every answer names its instance in
// `x-fault-instance` so the harness can tell which one answered.

export type Upstream = { name: string; port: number };

export type Balancer = {
  base: string;
  /** Requests each instance got, and how many of those ended in a dropped connection. */
  counts(): Record<string, { sent: number; dropped: number }>;
  close(): Promise<void>;
};

export async function startBalancer(upstreams: Upstream[], port: number): Promise<Balancer> {
  const state = upstreams.map((u) => ({
    ...u,
    // An idle upstream connection is closed after 60 s, below the instances' KEEP_ALIVE_TIMEOUT.
    agent: new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 60_000 }),
    ready: true,
    failures: 0,
    sent: 0,
    dropped: 0,
  }));
  let next = 0;
  const pick = () => {
    const ready = state.filter((s) => s.ready);
    const pool = ready.length ? ready : state;
    return pool[next++ % pool.length];
  };

  const server = http.createServer((req, res) => {
    const up = pick();
    up.sent++;
    const headers = { ...req.headers, "x-forwarded-for": req.socket.remoteAddress ?? "127.0.0.1" };
    const fwd = http.request(
      { host: "127.0.0.1", port: up.port, method: req.method, path: req.url, headers, agent: up.agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-fault-instance": up.name });
        answer.pipe(res);
        answer.on("error", () => res.destroy());
      },
    );
    fwd.on("error", () => {
      up.dropped++;
      // Nothing to retry here: the client sees its connection reset.
      res.destroy();
      req.socket.destroy();
    });
    req.pipe(fwd);
  });
  server.keepAliveTimeout = 60_000;

  const probe = (s: (typeof state)[number]) =>
    new Promise<boolean>((resolve) => {
      const r = http.get({ host: "127.0.0.1", port: s.port, path: "/healthz/ready", timeout: 2000 }, (answer) => {
        answer.resume();
        answer.on("end", () => resolve(answer.statusCode === 200));
      });
      r.on("timeout", () => r.destroy());
      r.on("error", () => resolve(false));
    });
  let checking = true;
  const checks = (async () => {
    while (checking) {
      await Promise.all(
        state.map(async (s) => {
          if (await probe(s)) {
            s.failures = 0;
            s.ready = true;
          } else if (++s.failures >= 2) s.ready = false;
        }),
      );
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    counts: () => Object.fromEntries(state.map((s) => [s.name, { sent: s.sent, dropped: s.dropped }])),
    async close() {
      checking = false;
      await checks;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of state) s.agent.destroy();
    },
  };
}
