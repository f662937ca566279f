"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/app/components/trpc/react";
import { formatDateTime } from "@/app/components/ui/format";
import { CHECK_LABEL, STATUS_LABEL, type CohortStatus, showValue } from "../ui/cohort-format";

/** On the account page (support and operators): the account's cohort and its newest reconciliation result. */
export function AccountCohort({ accountNumber }: { accountNumber: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.cohort.forAccount.queryOptions({ number: accountNumber }));
  if (!q.data) return null;
  const d = q.data;
  const open = d.results.filter((r) => r.status === "mismatch" && !r.acceptance).length;
  return (
    <section aria-labelledby="account-cohort-title" data-testid="account-cohort" style={{ marginBottom: 20 }}>
      <h3 id="account-cohort-title" style={{ marginBottom: 8 }}>
        Cohort <Link href={`/cohorts/${d.cohort.id}`}>{d.cohort.name}</Link>{" "}
        <span className="muted small">({STATUS_LABEL[d.cohort.status as CohortStatus] ?? d.cohort.status})</span>
      </h3>
      {d.results.length === 0 ? (
        <p className="muted small">Not reconciled yet.</p>
      ) : (
        <>
          <p className="small">
            Reconciled {formatDateTime(d.reconciledAt)}:{" "}
            {open === 0 ? "everything matches or is accepted" : `${open} open mismatch(es)`}.
          </p>
          <ul className="small" style={{ margin: 0, paddingLeft: 16 }}>
            {d.results.map((r) => (
              <li key={r.check}>
                {CHECK_LABEL[r.check]}:{" "}
                {r.status === "match"
                  ? "match"
                  : `control file ${showValue(r.check, r.sourceValue)}, platform ${showValue(r.check, r.platformValue)}${r.acceptance ? ` (accepted by ${r.acceptance.acceptedBy}: ${r.acceptance.reason})` : ""}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
