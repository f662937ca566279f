"use client";

import Link from "next/link";
import { Fragment, useState } from "react";
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

// On a phone the time, account and delivery columns fold into a line under the type (globals.css, .fold-on-phone).
const COLUMNS = [
  { label: `Time ${LONDON_TIME}`, className: "wide-only" },
  "Type",
  { label: "Account", className: "wide-only" },
  { label: "Delivery", className: "wide-only" },
  { label: "Details", hidden: true },
];

/** Events with their delivery state; each row opens `detail` (the payload, the envelope) below it on demand. */
export function EventTable<E extends EventRow>({
  events,
  label,
  detailLabel,
  detail,
}: {
  events: E[];
  label: string;
  detailLabel: string;
  detail: (e: E) => React.ReactNode;
}) {
  return (
    <Table label={label} columns={COLUMNS} className="fold-on-phone events-table">
      {events.map((e) => (
        <EventLine key={e.id} e={e} detailLabel={detailLabel} detail={detail} />
      ))}
    </Table>
  );
}

/** A type with break opportunities after its dots, where it wraps on a phone ("data_import.<wbr>import_process.<wbr>complete"). */
function withBreaks(type: string) {
  const parts = type.split(".");
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <>
          .<wbr />
        </>
      )}
    </Fragment>
  ));
}

function EventLine<E extends EventRow>({
  e,
  detailLabel,
  detail,
}: {
  e: E;
  detailLabel: string;
  detail: (e: E) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const delivery = e.publishedAt ? (
    <Badge value="published" />
  ) : (
    <Badge value="pending" label={e.attempts ? `pending · ${e.attempts} tries` : "pending"} />
  );
  return (
    <>
      <tr data-testid="event-row">
        <td className="nowrap small wide-only">{formatDateTime(e.occurredAt)}</td>
        <td>
          <span className="mono event-type">{withBreaks(e.type)}</span> <span className="badge plain">{e.version}</span>
          {e.derivedVersions?.map((v) => (
            <span
              key={v}
              className="badge plain muted"
              style={{ marginLeft: 4, background: "transparent", fontWeight: 500 }}
              title={`also delivered as ${v} (derived from ${e.version})`}
            >
              + {v}
            </span>
          ))}
          <div className="phone-only small muted event-meta">
            {formatDateTime(e.occurredAt)}
            {e.accountNumber && (
              <>
                {" · "}
                <AccountLink number={e.accountNumber} />
              </>
            )}{" "}
            · {delivery}
          </div>
        </td>
        <td className="mono wide-only">
          {e.accountNumber ? <AccountLink number={e.accountNumber} /> : <span className="muted">—</span>}
        </td>
        <td className="wide-only">
          {delivery}
          {e.lastError && !e.publishedAt && (
            <div className="small" style={{ color: "var(--danger)" }}>
              {e.lastError}
            </div>
          )}
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

/** The event's account, opened on its Events tab. */
function AccountLink({ number }: { number: string }) {
  return (
    <Link className="nowrap mono" href={`/accounts/${encodeURIComponent(number)}?tab=events`}>
      {number}
    </Link>
  );
}
