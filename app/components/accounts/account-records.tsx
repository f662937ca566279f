"use client";

import type { inferRouterOutputs } from "@trpc/server";
import { Badge } from "@/app/components/ui/badge";
import { formatDateTime, formatDay, LONDON_TIME } from "@/app/components/ui/format";
import { negateMoney } from "@/server/lib/money";
import { Money, SignConvention } from "@/app/components/ui/money";
import { EmptyState } from "@/app/components/ui/states";
import { Table } from "@/app/components/ui/table";
import type { AppRouter } from "@/server/api/root";

type Records = inferRouterOutputs<AppRouter>["account"]["records"];

const More = ({ more }: { more: boolean }) =>
  more ? <p className="muted small">Showing the newest 500; older ones are kept but not listed here.</p> : null;

export function Statements({ number, statements }: { number: string; statements: Records["statements"] }) {
  if (!statements.items.length)
    return (
      <EmptyState title="No historical statements">
        Statements posted to data-import/historical-statements/create appear here.
      </EmptyState>
    );
  return (
    <>
      <More more={statements.more} />
      <SignConvention />
      <Table
        label="Historical statements"
        columns={["Statement", "Number", "Period", "Issued", { label: "Billed (gross)", className: "num" }, "PDF"]}
      >
        {statements.items.map((s) => (
          <tr key={s.id}>
            <td>
              <span className="mono">{s.statementId}</span>
            </td>
            <td>{s.number}</td>
            <td className="nowrap">
              {formatDay(s.billPeriodFromDate)} – {formatDay(s.billPeriodToDate)}
            </td>
            <td className="nowrap">{formatDay(s.issuedDate)}</td>
            <td className="num nowrap">
              {s.grossAmount === null ? "—" : <Money value={negateMoney(s.grossAmount)} />}
            </td>
            <td className="nowrap">
              {s.hasDocument ? (
                <a href={`/accounts/${number}/documents/statement/${s.id}`} target="_blank" rel="noopener noreferrer">
                  Open PDF
                </a>
              ) : (
                <span className="muted">No PDF sent</span>
              )}
            </td>
          </tr>
        ))}
      </Table>
    </>
  );
}

export function Instructions({ rows }: { rows: Records["paymentInstructions"] }) {
  if (!rows.length)
    return (
      <EmptyState title="No payment instructions">
        Instructions posted to data-import/payment-instruction/create appear here once the vendor confirms them.
      </EmptyState>
    );
  return (
    <Table
      label="Payment instructions"
      columns={["Vendor", "Type", "Reference", "Status", "Vendor says", `Verified ${LONDON_TIME}`]}
    >
      {rows.map((p) => (
        <tr key={p.id}>
          <td>{p.vendor}</td>
          <td>{p.type}</td>
          <td>
            <span className="mono">{p.reference}</span>
          </td>
          <td>
            <Badge value={p.status} tone={p.status === "active" ? "ok" : "neutral"} />
          </td>
          <td>{p.vendorStatus}</td>
          <td className="nowrap small">{formatDateTime(p.verifiedAt)}</td>
        </tr>
      ))}
    </Table>
  );
}

const REG_LABEL: Record<string, { tone: "ok" | "warn" | "danger"; text: string }> = {
  requested: { tone: "warn", text: "Requested, not sent yet" },
  sent: { tone: "ok", text: "Registration sent" },
  failed: { tone: "danger", text: "Failed" },
};

export function Registrations({ rows }: { rows: Records["registrations"] }) {
  if (!rows.length)
    return (
      <EmptyState title="No registration flows">
        Meter points marked through data-import/send-registration-flows appear here with their later outcome.
      </EmptyState>
    );
  return (
    <Table
      label="Registration flows"
      testId="registrations"
      columns={[
        "Meter point",
        "Supply start",
        "Outcome",
        "Detail",
        `Requested ${LONDON_TIME}`,
        `Last attempt ${LONDON_TIME}`,
      ]}
    >
      {rows.map((g) => (
        <tr key={g.id}>
          <td className="nowrap">
            <Badge value={g.fuel} tone={g.fuel === "electricity" ? "brand" : "info"} />{" "}
            <span className="mono">{g.mpxn}</span>
          </td>
          <td className="nowrap">{formatDay(g.supplyStartDate)}</td>
          <td>
            <Badge value={g.status} tone={REG_LABEL[g.status]?.tone} label={REG_LABEL[g.status]?.text} />
          </td>
          <td className="small">{g.errorDetail ?? (g.attempts ? `${g.attempts} attempt(s)` : "—")}</td>
          <td className="nowrap small">{formatDateTime(g.requestedAt)}</td>
          <td className="nowrap small">{formatDateTime(g.sentAt ?? g.failedAt)}</td>
        </tr>
      ))}
    </Table>
  );
}

/** The readings imported with the account: each meter's transfer readings and reading history. */
export function Readings({ readings }: { readings: Records["readings"] }) {
  if (!readings.items.length)
    return (
      <EmptyState title="No meter readings">
        Transfer readings and reading history sent with the account&apos;s meters appear here.
      </EmptyState>
    );
  return (
    <>
      <More more={readings.more} />
      <Table
        label="Meter readings"
        testId="readings"
        columns={[
          "Date",
          "Meter point",
          "Meter",
          "Register",
          { label: "Reading", className: "num" },
          "Type",
          "Sent as",
        ]}
      >
        {readings.items.map((r) => (
          <tr key={r.id}>
            <td className="nowrap">{formatDay(r.readingDate)}</td>
            <td className="nowrap">
              <Badge value={r.fuel} tone={r.fuel === "electricity" ? "brand" : "info"} />{" "}
              <span className="mono">{r.mpxn}</span>
            </td>
            <td className="mono">{r.meterSerialNumber}</td>
            <td className="mono">{r.registerId || "—"}</td>
            <td className="num mono">{r.readingValue}</td>
            <td className="small">{r.readingType}</td>
            <td className="small">
              {r.source === "transfer"
                ? "Transfer reading"
                : `History${r.billed === true ? ", billed" : r.billed === false ? ", not billed" : ""}`}
              {r.validationStatus && r.validationStatus !== "VALIDATED" ? ` · ${r.validationStatus}` : ""}
            </td>
          </tr>
        ))}
      </Table>
    </>
  );
}
