/**
 * What a process keeps in memory between requests that a fresh process would not have: caches
 * of what it read from its database, accumulators, memoised values. Each such module registers
 * how to forget it here, so one process can start over as if it had just started: the test
 * runner runs many files in one process (ADR 0511), each on a database of its own, and ids or
 * row versions read from one database mean nothing in the next. Production never calls it.
 *
 * Kept on globalThis, not in this module: Next bundles a copy of a module into each route's
 * chunk, and a reset must reach every copy. Plain-Node modules that cannot import this one
 * (server/lib/metrics.mjs) add to the same set under the same symbol.
 */
const RESETS = Symbol.for("kraken-migrate.process-state-resets");
type WithResets = typeof globalThis & { [RESETS]?: Set<() => void> };

const resets = (): Set<() => void> => ((globalThis as WithResets)[RESETS] ??= new Set());

/** Registers how to forget one piece of process state (called once, at module load). */
export function forgetOnReset(forget: () => void): void {
  resets().add(forget);
}

/** Forgets every registered piece of process state. */
export function resetProcessState(): void {
  for (const forget of resets()) forget();
}
