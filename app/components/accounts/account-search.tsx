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

const MATCHED: Record<string, string> = { account_number: "platform number", external_account_number: "external number", meter_point: "meter point" };

export function AccountSearch({ query }: { query: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [text, setText] = useState(query);
  const q = useQuery({ ...trpc.account.find.queryOptions({ query }), enabled: query.trim().length > 0 });
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
          Platform number, external account number, MPAN or MPRN
        </label>
        <div className="searchbar" style={{ marginTop: 8 }}>
          <input id="account-query" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="A-1234ABCD, your account number, or a meter point" autoFocus />
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
                Check the number for typos. Accounts appear here once staged; only your organisation&apos;s accounts are searched.
              </EmptyState>
            </div>
          }
        >
          {(matches) => (
            <section className="card">
              <div className="card-header">
                <div>
                  <h2>
                    {matches.length} match{matches.length === 1 ? "" : "es"}
                  </h2>
                  {new Set(matches.map((m) => m.externalAccountNumber)).size > 1 && new Set(matches.map((m) => m.externalAccountNumber.toLowerCase())).size === 1 && (
                    <p>These external numbers differ only by upper and lower case; the data-import API treats them as different accounts.</p>
                  )}
                </div>
              </div>
              <Table label="Matching accounts" columns={["Account", "External number", "Supplier", "Billing name", "Import stage", "Matched on"]}>
                {matches.map((m) => (
                  <tr key={`${m.importSupplier}/${m.externalAccountNumber}/${m.status}`}>
                    <td className="mono">{m.accountNumber ? <Link href={`/accounts/${m.accountNumber}`}>{m.accountNumber}</Link> : <span className="muted">not imported</span>}</td>
                    <td>
                      <Link className="mono" href={`/accounts/import/${encodeURIComponent(m.importSupplier)}/${encodeURIComponent(m.externalAccountNumber)}`}>
                        {m.externalAccountNumber}
                      </Link>
                    </td>
                    <td>
                      <span className="code">{m.importSupplier}</span>
                    </td>
                    <td>{m.billingName ?? "—"}</td>
                    <td>
                      <Badge value={m.status} />
                    </td>
                    <td className="muted">
                      {MATCHED[m.matchedOn]}
                      {m.matchedOn === "external_account_number" && m.externalAccountNumber !== query && <div className="small">different upper/lower case</div>}
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
