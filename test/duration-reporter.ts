import type { Reporter, TestModule } from "vitest/node";

const SHOWN = 15;

/**
 * After the default reporter: the slowest files, each with its time in its worker split into
 * set-up and import (vitest's, the file's imports, test/setup.ts) and its tests and hooks, and
 * how much file time the run's wall time held, so a file that got slower is seen at once (ADR 0503).
 */
export default class DurationReporter implements Reporter {
  private started = performance.now();

  onTestRunStart() {
    this.started = performance.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (modules.length === 0) return;
    const rows = modules.map((m) => {
      const d = m.diagnostic();
      const load = d.prepareDuration + d.environmentSetupDuration + d.setupDuration + d.collectDuration;
      return { file: m.relativeModuleId, load, tests: d.duration, total: load + d.duration };
    });
    rows.sort((a, b) => b.total - a.total);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const sum = rows.reduce((n, r) => n + r.total, 0);
    const width = Math.max(...rows.slice(0, SHOWN).map((r) => r.file.length));
    const lines = [
      "",
      ` Slowest test files (of ${rows.length}): total = import and set-up + tests and hooks`,
      ...rows
        .slice(0, SHOWN)
        .map(
          (r) =>
            `   ${r.file.padEnd(width)}  ${s(r.total).padStart(7)} = ${s(r.load).padStart(7)} + ${s(r.tests).padStart(7)}`,
        ),
      ` File time ${s(sum)} in ${s(performance.now() - this.started)} of wall time`,
      "",
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
}
