import { getDb } from "@/db/client";
import { startWorkers } from "../../jobs/worker";
import { cutoverJobHandler } from "./cutover";
import { reconcileJobHandler } from "./reconcile";

/**
 * The workers of cohorts' reconciliations and cut-overs (ADR 0417, 0418), on the jobs queue like
 * import jobs: safe in every instance at once, woken by NOTIFY when work is queued.
 */
export function startCohortWorkers(): () => Promise<void> {
  // A reconciliation is one transaction of up to a couple of minutes: a lease well past that.
  const reconcile = startWorkers(1, getDb, reconcileJobHandler, {
    pollMs: 1000,
    batchSize: 1,
    leaseSeconds: 900,
    backoffSeconds: 5,
    wakeOnNotify: true,
  });
  const cutover = startWorkers(2, getDb, cutoverJobHandler, {
    pollMs: 1000,
    batchSize: 1,
    leaseSeconds: 120,
    backoffSeconds: 2,
    wakeOnNotify: true,
  });
  return async () => {
    await Promise.all([reconcile(), cutover()]);
  };
}
