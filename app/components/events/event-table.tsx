"use client";

import { useState } from "react";
import { Badge } from "@/app/components/ui/badge";
import { formatDateTime, LONDON_TIME } from "@/app/components/ui/format";
import { Table } from "@/app/components/ui/table";

export type EventRow = {
  id: string;
  type: string;
  version: string;
  /** Older versions the relay also delivers this stored event as (ADR 0007). */
  derivedVersions?: string[];
  occurredAt: Date;
  accountNumber: string | null;
  publishedAt: Date | null;
  attempts?: number;
  lastError?: string | null;
};

const COLUMNS = [`Time ${LONDON_TIME}`, "Type", "Account", "Delivery", { label: "Details", hidden: true }];

/** Events with their delivery state; each row opens `detail` (the payload, the envelope) below it on demand. */
export function EventTable<E extends EventRow>({ events, label, detailLabel, detail }: { events: E[]; label: string; detailLabel: string; detail: (e: E) => React.ReactNode }) {
  return (
    <Table label={label} columns={COLUMNS}>
      {events.map((e) => (
        <EventLine key={e.id} e={e} detailLabel={detailLabel} detail={detail} />
      ))}
    </Table>
  );
}

function EventLine<E extends EventRow>({ e, detailLabel, detail }: { e: E; detailLabel: string; detail: (e: E) => React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <tr data-testid="event-row">
        <td className="nowrap small">{formatDateTime(e.occurredAt)}</td>
        <td>
          <span className="mono event-type">{e.type}</span> <span className="badge plain">{e.version}</span>
          {e.derivedVersions?.map((v) => (
            <span key={v} className="badge plain muted" style={{ marginLeft: 4, background: "transparent", fontWeight: 500 }} title={`also delivered as ${v} (derived from ${e.version})`}>
              + {v}
            </span>
          ))}
        </td>
        <td className="mono">{e.accountNumber ?? <span className="muted">—</span>}</td>
        <td>
          {e.publishedAt ? <Badge value="published" /> : <Badge value="pending" label={e.attempts ? `pending · ${e.attempts} tries` : "pending"} />}
          {e.lastError && !e.publishedAt && <div className="small" style={{ color: "var(--danger)" }}>{e.lastError}</div>}
        </td>
        <td>
          <button className="btn btn-sm" type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? "Hide" : detailLabel}
          </button>
        </td>
      </tr>
      {open && (
        <tr className="detail-row">
          <td colSpan={COLUMNS.length} style={{ background: "var(--surface-2)" }}>
            {detail(e)}
          </td>
        </tr>
      )}
    </>
  );
}
