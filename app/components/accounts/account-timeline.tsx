"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { formatDateTime } from "@/app/components/ui/format";
import { Money, SignConvention } from "@/app/components/ui/money";
import { OlderPager } from "@/app/components/ui/older-pager";
import { QueryState } from "@/app/components/ui/query-state";
import { Table } from "@/app/components/ui/table";
import { PAYMENT_TYPE_LABEL, TRANSACTION_REASON_LABEL, TRANSACTION_TYPE_LABEL } from "./transaction-amount";

const KIND_LABEL: Record<string, string> = {
  event: "Event",
  note: "Note",
  transaction: "Transaction",
  import: "Import step",
};
const KIND_TONE: Record<string, "info" | "brand" | "neutral" | "ok"> = {
  event: "info",
  note: "brand",
  transaction: "neutral",
  import: "ok",
};

// On a phone the time, kind and detail fold into lines under the item (globals.css, .fold-on-phone),
// so the item's link is in view without scrolling the table sideways.
const COLUMNS = [
  { label: "When", className: "wide-only" },
  { label: "What", className: "wide-only" },
  "Item",
  { label: "Detail", className: "wide-only" },
];

type Item = { kind: string; title: string; detail: string | null; amount: string | null };

/** A transaction in words with its effect on the balance (the page's one sign convention); other items as they come. */
const titleOf = (i: Item) => (i.kind === "transaction" ? (TRANSACTION_TYPE_LABEL[i.title] ?? i.title) : i.title);
function Detail({ i }: { i: Item }) {
  if (i.kind !== "transaction") return <>{i.detail ?? "—"}</>;
  const reason = i.detail ? (TRANSACTION_REASON_LABEL[i.detail] ?? PAYMENT_TYPE_LABEL[i.detail] ?? i.detail) : null;
  return (
    <>
      <Money value={i.amount} />
      {reason && <span title={i.detail ?? undefined}> · {reason}</span>}
    </>
  );
}

/** Everything that happened to the account in one list, newest first, each row linking to where it is shown in full. */
export function AccountTimeline({ accountNumber }: { accountNumber: string }) {
  const trpc = useTRPC();
  const q = useInfiniteQuery(
    trpc.support.timeline.infiniteQueryOptions(
      { accountNumber, limit: 100 },
      { getNextPageParam: (p) => p.nextCursor },
    ),
  );
  return (
    <QueryState query={q}>
      {(d) => {
        const items = d.pages.flatMap((p) => p.items);
        return (
          <div data-testid="timeline">
            <p className="muted small">
              Events, notes, transactions (at the start of their day) and the import&apos;s steps, newest first. Times
              are London time.
            </p>
            <SignConvention />
            <Table label="Timeline" columns={COLUMNS} className="fold-on-phone timeline-table">
              {items.map((i) => (
                <tr key={`${i.kind}-${i.key}`} data-testid="timeline-row">
                  <td className="nowrap small wide-only">{formatDateTime(i.at)}</td>
                  <td className="wide-only">
                    <Badge value={KIND_LABEL[i.kind]} tone={KIND_TONE[i.kind]} />
                  </td>
                  <td>
                    <Link href={i.href} className={i.kind === "event" ? "mono small timeline-item" : "timeline-item"}>
                      {titleOf(i)}
                    </Link>
                    {i.count > 1 && <span className="small muted"> × {i.count}</span>}
                    <div className="phone-only small timeline-meta">
                      <Badge value={KIND_LABEL[i.kind]} tone={KIND_TONE[i.kind]} />{" "}
                      <span className="nowrap">{formatDateTime(i.at)}</span>
                      {(i.detail || i.amount) && (
                        <div className="muted">
                          <Detail i={i} />
                        </div>
                      )}
                    </div>
                  </td>
                  <td className="small wide-only">
                    <Detail i={i} />
                  </td>
                </tr>
              ))}
            </Table>
            <OlderPager shown={`Showing ${items.length}`} noun="items" query={q} />
          </div>
        );
      }}
    </QueryState>
  );
}
