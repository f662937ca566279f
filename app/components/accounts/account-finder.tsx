"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import { Table } from "@/app/components/ui/table";
import { Highlighted } from "./highlighted";

/** What each kind of match is called on screen. */
export const MATCH_LABEL: Record<string, string> = {
  account_number: "Platform number",
  external_number: "External number",
  name: "Customer",
  billing_name: "Billing name",
  email: "E-mail",
  phone: "Phone",
  postcode: "Postcode",
  postcode_outward: "Postcode area",
  mpxn: "MPAN / MPRN",
  meter_serial: "Meter serial",
};

/** One search box for anything a caller says; the query is the page's `?q=`, so a search is a link. */
export function AccountFinder({ query }: { query: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [text, setText] = useState(query);
  const q = useQuery({ ...trpc.support.search.queryOptions({ query }), enabled: query.trim().length > 0 });
  return (
    <div className="stack">
      <form
        className="card card-body"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          router.push(`/accounts?q=${encodeURIComponent(text.trim())}`);
        }}
      >
        <label htmlFor="account-query" className="label">
          Name, postcode, phone, e-mail, platform or external account number, MPAN/MPRN or meter serial
        </label>
        <div className="searchbar" style={{ marginTop: 8 }}>
          <input
            id="account-query"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Smith, SW1A1AA, 07700 900123, A-24B1…"
            autoFocus
          />
          <button className="btn btn-primary" type="submit" disabled={!text.trim()}>
            Find account
          </button>
        </div>
      </form>
      {query.trim() ? (
        <QueryState
          query={q}
          loadingLabel="Searching…"
          isEmpty={q.data?.length === 0}
          empty={
            <div className="card">
              <EmptyState title={`Nothing found for “${query}”`} icon="?">
                Names match despite small typos; numbers match from their start (at least 3 characters, 6 digits for a
                meter point). Only your organisation&apos;s accounts are searched.
              </EmptyState>
            </div>
          }
        >
          {(results) => (
            <section className="card">
              <div className="card-header">
                <h2>
                  {results.length} match{results.length === 1 ? "" : "es"}, best first
                </h2>
              </div>
              <Table
                label="Matching accounts"
                columns={[
                  "Account",
                  "External number",
                  "Supplier",
                  "Billing name and address",
                  "Import stage",
                  "Why it matched",
                ]}
                testId="search-results"
              >
                {results.map((m) => (
                  <tr key={`${m.importSupplier}/${m.externalAccountNumber}`}>
                    <td className="mono">
                      {m.accountNumber ? (
                        <Link href={`/accounts/${m.accountNumber}`}>{m.accountNumber}</Link>
                      ) : (
                        <span className="muted">not imported</span>
                      )}
                    </td>
                    <td>
                      <Link
                        className="mono"
                        href={`/accounts/import/${encodeURIComponent(m.importSupplier)}/${encodeURIComponent(m.externalAccountNumber)}`}
                      >
                        {m.externalAccountNumber}
                      </Link>
                    </td>
                    <td>
                      <span className="code">{m.importSupplier}</span>{" "}
                      <span className="small muted">{m.supplierName}</span>
                    </td>
                    <td>
                      {m.billingName ?? "—"}
                      {m.address && (
                        <div className="small muted break-anywhere" data-testid="result-address">
                          {m.address}
                        </div>
                      )}
                    </td>
                    <td>
                      <Badge value={m.status} />
                      {m.failedIn && (
                        <div className="small muted" data-testid="failed-in-job">
                          never staged: import job{" "}
                          <Link href={`/import-jobs/${m.failedIn.jobId}`}>{m.failedIn.jobId}</Link>, line{" "}
                          {m.failedIn.line}
                        </div>
                      )}
                    </td>
                    <td>
                      <ul className="small" style={{ margin: 0, paddingLeft: 0, listStyle: "none" }}>
                        {m.matches.slice(0, 3).map((x) => (
                          <li key={`${x.kind}/${x.text}`}>
                            <span className="muted">{MATCH_LABEL[x.kind] ?? x.kind}:</span>{" "}
                            <Highlighted text={x.text} range={x.highlight} />
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </Table>
            </section>
          )}
        </QueryState>
      ) : null}
    </div>
  );
}
