import { afterAll, describe, expect, it } from "vitest";
import { metrics, observeRequest, onScrape, renderMetrics, startMetricsServer, statusClass } from "./metrics.mjs";

const servers: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function serve(token?: string) {
  const s = await startMetricsServer({ port: 0, host: "127.0.0.1", token });
  servers.push(s);
  return `http://127.0.0.1:${s.port}`;
}

/** A sample's value from the exposition text, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("the metrics endpoint", () => {
  it("serves GET /metrics with the default collectors and nothing else", async () => {
    const url = await serve();
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).toContain("nodejs_gc_duration_seconds");
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect((await fetch(`${url}/`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { method: "POST" })).status).toBe(404);
  });

  it("asks for the bearer token when one is set", async () => {
    const url = await serve("s3cret-token");
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: "s3cret-token" } })).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: "Bearer s3cret-token" } })).status).toBe(200);
  });
});

describe("observeRequest", () => {
  it("counts and times requests by method, route template and status class", async () => {
    const route = "/v1/test-route/[id]";
    observeRequest("POST", route, 201, 0.003);
    observeRequest("POST", route, 201, 0.2);
    observeRequest("POST", route, 503, 1.5);
    observeRequest("BREW", route, null, 0.01);
    const text = (await renderMetrics()).body;
    expect(sample(text, `http_requests_total{method="POST",route="${route}",status_class="2xx"}`)).toBe(2);
    expect(sample(text, `http_requests_total{method="POST",route="${route}",status_class="5xx"}`)).toBe(1);
    expect(sample(text, `http_requests_total{method="other",route="${route}",status_class="aborted"}`)).toBe(1);
    expect(
      sample(
        text,
        `http_request_duration_seconds_bucket{le="0.005",method="POST",route="${route}",status_class="2xx"}`,
      ),
    ).toBe(1);
    expect(sample(text, `http_request_duration_seconds_count{method="POST",route="${route}",status_class="2xx"}`)).toBe(
      2,
    );
    expect(statusClass(404)).toBe("4xx");
  });

  it("shares one registry between copies of the module (Next bundles one per chunk)", async () => {
    const copy = await import(/* @vite-ignore */ `./metrics.mjs?copy=${Date.now()}`);
    expect(copy.metrics()).toBe(metrics());
  });
});

describe("onScrape", () => {
  it("reads database-wide figures on each scrape, and counts a reading that fails without failing the scrape", async () => {
    let reads = 0;
    onScrape("test-ok", async () => void metrics().eventsPending.set(++reads * 10));
    onScrape("test-broken", async () => {
      throw new Error("database away");
    });
    const first = (await renderMetrics()).body;
    expect(sample(first, "events_pending")).toBe(10);
    expect(sample(first, 'metrics_scrape_errors_total{source="test-broken"}')).toBe(1);
    expect(sample((await renderMetrics()).body, "events_pending")).toBe(20);
    onScrape("test-broken", async () => {});
  });
});
