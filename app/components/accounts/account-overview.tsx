"use client";

import type { inferRouterOutputs } from "@trpc/server";
import { AccountCohort } from "@/app/components/accounts/account-cohort";
import { Badge } from "@/app/components/ui/badge";
import { CopyId } from "@/app/components/ui/copy-button";
import { formatDay } from "@/app/components/ui/format";
import { ConsumptionUpload } from "./consumption-upload";
import { CustomerKeys } from "./customer-keys";
import type { AppRouter } from "@/server/api/root";

type Account = inferRouterOutputs<AppRouter>["account"]["get"];
type Customer = Account["customers"][number];
type MeterPoint = Account["supplyAddresses"][number]["meterPoints"][number];

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? "—" : String(v));
/** opted_into_sms → "Opted into sms" */
const words = (name: string) => name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

/** The Overview tab: customers, then each supply address with its meter points, meters and agreements. */
export function Overview({ account, canEdit = false }: { account: Account; canEdit?: boolean }) {
  return (
    <div className="grid-2 account-overview">
      <div>
        <h3 style={{ marginBottom: 8 }}>Customers</h3>
        {account.customers.length === 0 && <p className="muted">No customers were sent.</p>}
        {account.customers.map((c, i) => (
          <CustomerFacts key={i} c={c} />
        ))}
        <AccountCohort accountNumber={account.number} />
        <CustomerKeys
          accountNumber={account.number}
          emails={[...new Set(account.customers.flatMap((c) => (c.email ? [c.email.trim().toLowerCase()] : [])))]}
          canEdit={canEdit}
        />
      </div>
      <div>
        <h3 style={{ marginBottom: 8 }}>Supply addresses and meter points</h3>
        {account.supplyAddresses.length === 0 && (
          <p className="muted">No supply addresses: the account holds a balance only.</p>
        )}
        {account.supplyAddresses.map((a) => (
          <section key={a.id} className="supply-address" aria-label={`Supply address ${a.lines[0] ?? ""}`}>
            <div style={{ fontWeight: 600 }}>{a.lines.join(", ")}</div>
            <div className="muted small">
              Customer there from {formatDay(a.movedInOn)}
              {a.movedOutOn ? ` to ${formatDay(a.movedOutOn)}` : ""}
            </div>
            {a.meterPoints.map((m) => (
              <MeterPointFacts key={m.mpxn} m={m} accountNumber={account.number} canEdit={canEdit} />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

function CustomerFacts({ c }: { c: Customer }) {
  const prefs = c.preferences.filter((p) => p.value !== null && p.value !== "");
  return (
    <dl className="facts" style={{ marginBottom: 16 }} data-testid="customer">
      <dt>Name</dt>
      <dd>{c.name || "—"}</dd>
      <dt>Salutation</dt>
      <dd>{dash(c.salutation)}</dd>
      <dt>E-mail</dt>
      <dd>{dash(c.email)}</dd>
      <dt>Mobile</dt>
      <dd>{dash(c.mobile)}</dd>
      <dt>Landline</dt>
      <dd>{dash(c.landline)}</dd>
      <dt>Date of birth</dt>
      <dd>{formatDay(c.dateOfBirth)}</dd>
      <dt>Priority services</dt>
      <dd>
        {c.psr.length === 0
          ? "None registered"
          : c.psr.map((p, i) => (
              <div key={i}>
                {p.description ?? "Registered"}
                <span className="muted small">
                  {p.elecIndustryCode ? ` · electricity code ${p.elecIndustryCode}` : ""}
                  {p.gasIndustryCode ? ` · gas code ${p.gasIndustryCode}` : ""}
                  {p.effectiveFrom ? ` · from ${formatDay(p.effectiveFrom.slice(0, 10))}` : ""}
                  {p.effectiveTo ? ` to ${formatDay(p.effectiveTo.slice(0, 10))}` : ""}
                  {p.additionalInformation ? ` · ${p.additionalInformation}` : ""}
                </span>
              </div>
            ))}
      </dd>
      <dt>Preferences</dt>
      <dd>
        {prefs.length === 0
          ? "None sent"
          : prefs.map((p) => (
              <div key={p.name} className="small">
                {words(p.name)}: <strong>{p.value === true ? "yes" : p.value === false ? "no" : p.value}</strong>
              </div>
            ))}
      </dd>
    </dl>
  );
}

function MeterPointFacts({ m, accountNumber, canEdit }: { m: MeterPoint; accountNumber: string; canEdit: boolean }) {
  const elec = m.fuel === "electricity";
  return (
    <div className="meter-point" data-testid="meter-point">
      <div className="row">
        <Badge value={m.fuel} tone={elec ? "brand" : "info"} /> <CopyId value={m.mpxn} label={elec ? "MPAN" : "MPRN"} />
        {m.isExport && <Badge value="export" tone="neutral" />}
      </div>
      <dl className="facts compact">
        <dt>Supplier MPID</dt>
        <dd className="mono">{dash(m.mpid)}</dd>
        {!elec && (
          <>
            <dt>Shipper MPID</dt>
            <dd className="mono">{dash(m.shipperMpid)}</dd>
          </>
        )}
        <dt>Supply</dt>
        <dd>
          from {formatDay(m.supplyStartDate)}
          {m.supplyEndDate ? ` to ${formatDay(m.supplyEndDate)}` : ""}
          {m.lastBilledToDate ? (
            <span className="muted small"> · billed to {formatDay(m.lastBilledToDate)}</span>
          ) : null}
        </dd>
        {elec && (
          <>
            <dt>Profile class · SSC</dt>
            <dd>
              {dash(m.profileClass)} · <span className="mono">{dash(m.ssc)}</span>
              {m.measurementClass ? (
                <span className="muted small"> · measurement class {m.measurementClass}</span>
              ) : null}
            </dd>
          </>
        )}
        <dt>Annual kWh</dt>
        <dd>
          {m.consumptionStandard === null
            ? "—"
            : `${m.consumptionStandard.toLocaleString("en-GB")} (${elec ? "EAC" : "AQ"})`}
        </dd>
        <dt>Meters</dt>
        <dd>
          {m.meters.length === 0
            ? "None sent"
            : m.meters.map((meter) => (
                <div key={meter.serialNumber}>
                  <CopyId value={meter.serialNumber} label="meter serial" />
                  <span className="muted small">
                    {meter.installedOn ? ` · installed ${formatDay(meter.installedOn)}` : ""}
                    {meter.removedOn ? ` · removed ${formatDay(meter.removedOn)}` : ""}
                    {meter.smartType && meter.smartType !== "NONE" ? ` · ${meter.smartType}` : ""}
                    {meter.isPrepay ? " · prepay" : ""}
                  </span>
                  {meter.registers.map((r) => (
                    <div key={r.id} className="small muted">
                      Register <span className="mono">{r.id}</span>
                      {r.tpr ? ` · TPR ${r.tpr}` : ""}
                      {r.digits ? ` · ${r.digits} digits` : ""}
                      {r.isSettlement ? " · settlement" : ""}
                    </div>
                  ))}
                </div>
              ))}
        </dd>
        <dt>Agreements</dt>
        <dd>
          {m.agreements.map((g) => (
            <div key={`${g.tariffCode}-${g.effectiveFrom}`}>
              <span className="mono">{g.tariffCode}</span>{" "}
              <span className="muted small nowrap">from {formatDay(g.effectiveFrom)}</span>{" "}
              <span className="muted small nowrap">
                {g.effectiveTo ? `until ${formatDay(g.effectiveTo)} (not included)` : "(open-ended)"}
              </span>
            </div>
          ))}
        </dd>
      </dl>
      {canEdit && m.meters.length > 0 && <ConsumptionUpload accountNumber={accountNumber} mpxn={m.mpxn} />}
    </div>
  );
}
