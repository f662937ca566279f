// V8 flags for the production server, shared by `npm start` and the benchmarks so they
// measure what ships. The young generation is held at 16 MB a semi-space (ADR 0041): under
// bench:faults' mixed load a 64 MB one made each scavenge 30-66 ms, against at most 26 ms at
// 16 MB, and those pauses were what broke the p99 bound after a restart. (The 64 MB chosen on
// 2026-11-21 for bench:public's unit-rate page measured no better in that session's A/B.)
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16"];

/** NODE_OPTIONS with the server flags added, keeping any the operator set. */
export function serverNodeOptions(existing = "") {
  const missing = SERVER_NODE_FLAGS.filter((f) => !existing.includes(f.split("=")[0]));
  return [existing, ...missing].filter(Boolean).join(" ");
}
