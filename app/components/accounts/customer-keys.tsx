"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { refreshAfterChange } from "@/app/components/trpc/query-client";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { ErrorAlert } from "@/app/components/ui/error-alert";
import { formatDateTime, timeAgo } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { Table } from "@/app/components/ui/table";

/**
 * A customer's own API key for the apps they use (Home Assistant and the like): it reads
 * only the accounts naming their e-mail. Operators issue (shown once) and revoke; audited.
 */
export function CustomerKeys({
  accountNumber,
  emails,
  canEdit,
}: {
  accountNumber: string;
  emails: string[];
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const q = useQuery(trpc.customerKey.list.queryOptions({ accountNumber }));
  const [shown, setShown] = useState<{ key: string; email: string } | null>(null);
  const refresh = () => refreshAfterChange(qc, trpc.customerKey.pathKey());
  const issue = useMutation(
    trpc.customerKey.issue.mutationOptions({
      onSuccess: (k) => setShown({ key: k.key, email: k.email }),
      onSettled: refresh,
    }),
  );
  const revoke = useMutation(trpc.customerKey.revoke.mutationOptions({ onSettled: refresh }));
  return (
    <section aria-label="Customer API keys" style={{ marginBottom: 16 }}>
      <h3 style={{ marginBottom: 8 }}>Customer API keys</h3>
      {canEdit && emails.length > 0 && (
        <div className="row" style={{ marginBottom: 8 }}>
          {emails.map((email) => (
            <button
              key={email}
              className="btn btn-sm btn-wrap"
              type="button"
              disabled={issue.isPending}
              onClick={() => issue.mutate({ accountNumber, email })}
            >
              Issue key for {email}
            </button>
          ))}
        </div>
      )}
      {issue.error && <ErrorAlert error={issue.error} />}
      {revoke.error && <ErrorAlert error={revoke.error} />}
      {shown && (
        <div className="alert alert-ok" role="status" data-testid="new-customer-key">
          <div style={{ width: "100%" }}>
            <strong>Key for {shown.email}: give it to the customer now. It is shown only this once.</strong>
            <div className="row" style={{ marginTop: 8 }}>
              <code className="mono" style={{ flex: 1, overflowWrap: "anywhere" }}>
                {shown.key}
              </code>
              <button className="btn btn-sm btn-ghost" type="button" onClick={() => setShown(null)}>
                Done
              </button>
            </div>
          </div>
        </div>
      )}
      <QueryState
        query={q}
        isEmpty={q.data?.length === 0}
        empty={<p className="muted small">No customer keys. A key reads only this customer&apos;s accounts.</p>}
      >
        {(keys) => (
          <Table
            label="Customer API keys"
            columns={["Key", "Customer", "Status", "Last used", { label: "Actions", hidden: true }]}
          >
            {keys.map((k) => (
              <tr key={k.id}>
                <td className="mono">{k.prefix}…</td>
                <td className="small">{k.email}</td>
                <td>
                  {k.invalidatedAt ? <Badge value="revoked" /> : <Badge value="active" />}
                  <div className="muted small">
                    issued {formatDateTime(k.createdAt)} by {k.createdBy}
                  </div>
                </td>
                <td className="small">{timeAgo(k.lastUsedAt)}</td>
                <td>
                  {canEdit && !k.invalidatedAt && (
                    <button
                      className="btn btn-sm"
                      type="button"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate({ keyId: k.id, accountNumber })}
                    >
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </QueryState>
    </section>
  );
}
