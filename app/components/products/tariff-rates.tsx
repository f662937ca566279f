"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/components/trpc/react";
import { formatDateTime } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { Table } from "@/app/components/ui/table";

const RATE_LABEL: Record<string, string> = {
  standing_charge: "Standing charge (p/day)",
  standard_unit_rate: "Unit rate (p/kWh)",
  day_unit_rate: "Day rate (p/kWh)",
  night_unit_rate: "Night rate (p/kWh)",
};
const PAYMENT: Record<string, string> = {
  DIRECT_DEBIT: "Direct Debit",
  NON_DIRECT_DEBIT: "on receipt of bill",
  PREPAYMENT: "prepayment",
};

/** One tariff's rates in force, read from the server only when the tariff is opened. */
export function TariffRates({ code }: { code: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.product.rates.queryOptions({ tariffCode: code }));
  return (
    <div className="tariff-rates" id={`rates-${code}`}>
      <QueryState query={q} loadingLabel={`Loading the rates of ${code}…`}>
        {({ rates }) =>
          rates.length === 0 ? (
            <p className="muted small">No rates in force.</p>
          ) : (
            <Table
              label={`Rates of ${code} in force`}
              columns={["Rate", "Inc VAT", "Exc VAT", "Payment", "Since (London)"]}
            >
              {rates.map((r) => (
                <tr key={`${r.type}-${r.paymentMethod}`}>
                  <td>{RATE_LABEL[r.type] ?? r.type}</td>
                  <td>
                    <strong>{r.incVat}</strong>
                  </td>
                  <td>{r.excVat}</td>
                  <td className="small">{r.paymentMethod ? (PAYMENT[r.paymentMethod] ?? r.paymentMethod) : "any"}</td>
                  <td className="small nowrap">{formatDateTime(r.validFrom)}</td>
                </tr>
              ))}
            </Table>
          )
        }
      </QueryState>
    </div>
  );
}
