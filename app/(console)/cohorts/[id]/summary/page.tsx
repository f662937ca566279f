import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CHECK_LABEL, STATUS_LABEL, penceAsPounds } from "@/app/components/ui/cohort-format";
import { requireUser } from "@/app/components/session";
import { trpc } from "@/app/components/trpc/server";
import { formatCount, formatDateTime, formatDay } from "@/app/components/ui/format";
import { PageHeader } from "@/app/components/ui/page-header";
import { loadRecord } from "@/app/components/ui/record";

type Props = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Reconciliation summary" };

/** The sign-off sheet: one printable page of the cohort's newest reconciliation, rendered on the server. */
export default async function CohortSummaryPage({ params }: Props) {
  const raw = (await params).id;
  await requireUser(`/cohorts/${encodeURIComponent(raw)}/summary`);
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  if (!id) notFound();
  const [cohort, rec] = await Promise.all([
    loadRecord(trpc.cohort.get.queryOptions({ id })),
    loadRecord(trpc.cohort.reconciliation.queryOptions({ id })),
  ]);
  if (!cohort.found || !cohort.data || !rec.data) notFound();
  const c = cohort.data;
  const r = rec.data.reconciliation;
  return (
    <div className="stack" data-testid="sign-off-summary">
      <PageHeader
        title={`Reconciliation summary: ${c.name}`}
        crumbs={[{ href: `/cohorts/${c.id}`, label: `Cohort ${c.name}` }]}
        description="For sign-off: print this page (Ctrl+P) or save it as PDF."
      />
      <section className="card" aria-labelledby="sheet-title">
        <div className="card-header">
          <h2 id="sheet-title">
            {c.supplierCode} · {c.name} · {STATUS_LABEL[c.status]}
          </h2>
        </div>
        <div className="card-body stack">
          <dl className="facts">
            <dt>Planned cut-over</dt>
            <dd>{c.plannedCutoverDate ? formatDay(c.plannedCutoverDate) : "not set"}</dd>
            <dt>Accounts in the cohort</dt>
            <dd>
              {formatCount(rec.data.members)} ({formatCount(rec.data.imported)} imported)
            </dd>
            <dt>Control file</dt>
            <dd>
              {c.controlFile
                ? `${c.controlFile.fileName}, ${formatCount(c.controlFile.rows)} accounts, uploaded by ${c.controlFile.uploadedBy} at ${formatDateTime(c.controlFile.uploadedAt)}`
                : "none"}
            </dd>
            <dt>Reconciliation</dt>
            <dd>
              {r
                ? `run ${r.id} by ${r.requestedBy}, finished ${formatDateTime(r.finishedAt)}${rec.data.stale ? " (inputs changed since: run again)" : ""}`
                : "not run"}
            </dd>
            <dt>Signed off</dt>
            <dd>{c.signOff ? `by ${c.signOff.by} at ${formatDateTime(c.signOff.at)}` : "not yet"}</dd>
          </dl>
          {r && (
            <>
              <dl className="facts">
                <dt>Accounts compared</dt>
                <dd>{formatCount(r.compared)}</dd>
                <dt>Accounts reconciled</dt>
                <dd>{formatCount(r.reconciled)}</dd>
                <dt>Sum of source balances</dt>
                <dd>
                  {penceAsPounds(r.sourceBalancePence)} ({r.sourceBalancePence}p)
                </dd>
                <dt>Sum of platform balances</dt>
                <dd>
                  {penceAsPounds(r.platformBalancePence)} ({r.platformBalancePence}p)
                </dd>
                <dt>In the control file, not imported</dt>
                <dd>{formatCount(r.notImported)}</dd>
                <dt>Imported, not in the control file</dt>
                <dd>{formatCount(r.notInControlFile)}</dd>
              </dl>
              <table className="table">
                <caption className="table-caption">Mismatches by check</caption>
                <thead>
                  <tr>
                    <th scope="col">Check</th>
                    <th scope="col">Mismatches</th>
                    <th scope="col">Accepted with a reason</th>
                    <th scope="col">Open</th>
                  </tr>
                </thead>
                <tbody>
                  {r.checks.map((x) => (
                    <tr key={x.check}>
                      <td>{CHECK_LABEL[x.check]}</td>
                      <td>{formatCount(x.mismatches)}</td>
                      <td>{formatCount(x.accepted)}</td>
                      <td>{formatCount(x.open)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="small">
                Every mismatch with who accepted it and why:{" "}
                <a href={`/cohorts/${c.id}/mismatches.csv`}>mismatches CSV</a>.
              </p>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
