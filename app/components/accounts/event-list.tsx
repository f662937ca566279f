"use client";

import { useState } from "react";
import { Badge } from "@/app/components/ui/badge";
import { formatDateTime } from "@/app/components/ui/format";
import { JsonView } from "@/app/components/ui/json";

type Ev = { id: string; seq: number; type: string; version: string; occurredAt: Date; accountNumber: string | null; publishedAt: Date | null; payload: Record<string, unknown> };

/** Events as an expandable list: type, time and delivery state; the payload on demand, as text. */
export function EventRows({ events, onOpen }: { events: Ev[]; onOpen?: (id: string) => void }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Events">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Type</th>
            <th scope="col">Account</th>
            <th scope="col">Delivery</th>
            <th scope="col">
              <span className="visually-hidden">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <EventRow key={e.id} e={e} expanded={open === e.id} toggle={() => (setOpen(open === e.id ? null : e.id), onOpen?.(e.id))} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EventRow({ e, expanded, toggle }: { e: Ev; expanded: boolean; toggle: () => void }) {
  return (
    <>
      <tr data-testid="event-row">
        <td className="nowrap small">{formatDateTime(e.occurredAt)}</td>
        <td>
          <span className="mono">{e.type}</span> <span className="badge plain">{e.version}</span>
        </td>
        <td className="mono">{e.accountNumber ?? "—"}</td>
        <td>{e.publishedAt ? <Badge value="published" /> : <Badge value="pending" />}</td>
        <td>
          <button className="btn btn-sm" type="button" aria-expanded={expanded} onClick={toggle}>
            {expanded ? "Hide" : "Payload"}
          </button>
        </td>
      </tr>
      {expanded && (
        <tr>
          <td colSpan={5} style={{ background: "var(--surface-2)" }}>
            <JsonView value={e.payload} label={`Payload of ${e.type}`} />
          </td>
        </tr>
      )}
    </>
  );
}
