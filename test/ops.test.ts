import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { renderMetrics } from "@/server/lib/metrics.mjs";

// The example dashboard and alert rules in ops/ (README, Operations; ADR 0043) name only metrics
// the app exports, and the rules load and fire as their unit tests say (Debian's promtool, which
// `.ci/run` installs with prometheus).
const PROMTOOL = "/usr/bin/promtool";
const dashboard = JSON.parse(fs.readFileSync("ops/grafana/kraken-migrate.json", "utf8")) as {
  panels: { id: number; title: string; targets: { expr: string }[] }[];
};
const rules = fs.readFileSync("ops/prometheus/alerts.yml", "utf8");

const PROMQL_WORDS = new Set(
  "sum max min avg count by without rate irate increase histogram_quantile clamp_min topk bottomk and or unless on ignoring group_left group_right vector abs humanize offset".split(
    " ",
  ),
);

/** The metric names a PromQL expression reads (label matchers, groupings, ranges and strings left out). */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, "")
    .replace(/\{[^}]*\}/g, "")
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/(?<![A-Za-z0-9_])\d+(?:\.\d+)?(?:e[-+]?\d+)?/gi, "");
  return [...bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)]
    .map((m) => m[0])
    .filter((w) => !PROMQL_WORDS.has(w) && !/^\d/.test(w) && !w.startsWith("$"));
}

const ruleExprs = [...rules.matchAll(/expr:\s*(\|\n((?:\s{10,}.*\n)+)|(.*))/g)].map((m) => (m[2] ?? m[3]).trim());

describe("ops/: the example dashboard and alert rules", () => {
  it("read only metrics the app exports", async () => {
    const exported = new Set(
      [...(await renderMetrics()).body.matchAll(/^# TYPE (\S+) (\S+)/gm)].flatMap(([, name, type]) =>
        type === "histogram" ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name],
      ),
    );
    const used = new Set(
      [...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)), ...ruleExprs].flatMap(metricNames),
    );
    expect(used.size).toBeGreaterThan(15);
    expect([...used].filter((name) => !exported.has(name))).toEqual([]);
  });

  it("has a dashboard whose panels each have an id and a query", () => {
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
    for (const p of dashboard.panels) expect(p.targets.length, p.title).toBeGreaterThan(0);
  });

  it("has alerts for relay lag, 5xx rate, pool exhaustion and import error rate", () => {
    for (const alert of ["EventRelayLagging", "HighServerErrorRate", "DatabasePoolExhausted", "AccountImportErrorRate"])
      expect(rules).toContain(`alert: ${alert}`);
    expect(ruleExprs.length).toBeGreaterThanOrEqual(8);
  });

  it.runIf(fs.existsSync(PROMTOOL))("has rules promtool loads, and whose unit tests pass", () => {
    expect(execFileSync(PROMTOOL, ["check", "rules", "ops/prometheus/alerts.yml"], { encoding: "utf8" })).toContain(
      "SUCCESS",
    );
    expect(execFileSync(PROMTOOL, ["test", "rules", "ops/prometheus/alerts.test.yml"], { encoding: "utf8" })).toContain(
      "SUCCESS",
    );
  });
});
