import { logToStderr } from "../logger";
import { inSpan, startTracing, stopTracing } from "@/server/lib/tracing.mjs";
import { cliProgram, runCli } from "./program";

// stdout carries the command's output (parsed by scripts with --json); logs go to stderr.
logToStderr();

// Traced when OTEL_EXPORTER_OTLP_ENDPOINT is set (ADR 0044): a span for the command, its SQL
// under it, flushed before the process ends.
await startTracing("kraken-migrate-cli");
const command = process.argv
  .slice(2)
  .filter((a) => !a.startsWith("-"))
  .slice(0, 2)
  .join(" ");
try {
  await inSpan(`cli ${command}`.trim(), { attributes: { "cli.command": command } }, () =>
    runCli(cliProgram(), process.argv),
  );
} finally {
  await stopTracing();
}
