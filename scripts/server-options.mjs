// V8 flags for the production server, shared by `npm start` and the benchmarks so they
// measure what ships. A 64 MB young generation halves scavenge pauses for a server that
// streams large JSON pages (bench:public: unit-rate page p99 171 -> 113-138 ms).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];

/** NODE_OPTIONS with the server flags added, keeping any the operator set. */
export function serverNodeOptions(existing = "") {
  const missing = SERVER_NODE_FLAGS.filter((f) => !existing.includes(f.split("=")[0]));
  return [existing, ...missing].filter(Boolean).join(" ");
}
