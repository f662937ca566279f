/** Next.js calls this once per server process: tracing first (when configured), then the database and background work. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Under `npm start` scripts/server.mjs started it already; under `next start` / `next dev` it starts here (ADR 0044).
  const { startTracing } = await import("./server/lib/tracing.mjs");
  const { env } = await import("./server/env.mjs");
  await startTracing(env.OTEL_SERVICE_NAME);
  const { startBackground } = await import("./server/background");
  await startBackground();
}
