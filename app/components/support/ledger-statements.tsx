import type { inferRouterOutputs } from "@trpc/server";
import { formatDay, formatMoney } from "@/app/components/ui/format";
import { Table } from "@/app/components/ui/table";
import type { AppRouter } from "@/server/api/root";

type Statement = inferRouterOutputs<AppRouter>["support"]["ledger"]["statements"][number];

const pounds = (pence: string | number) => {
  const n = String(pence);
  const neg = n.startsWith("-");
  const digits = (neg ? n.slice(1) : n).padStart(3, "0");
  return `${neg ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

/** Historical statements as period boundaries: what each billed against its own gross_amount (pence), its total and closing balance. */
export function LedgerStatements({ statements }: { statements: Statement[] }) {
  if (!statements.length) return null;
  return (
    <section data-testid="ledger-statements">
      <h3>Historical statements</h3>
      {statements.some((s) => s.mismatch) && (
        <div className="alert alert-warn" role="alert">
          A statement&apos;s gross amount differs from the charges imported for its period: check the migrated transactions against the customer&apos;s statement.
        </div>
      )}
      <Table label="Historical statements" columns={["Statement", "Period", "Gross amount (statement)", "Charges imported", "Period total", "Closing balance"]}>
        {statements.map((s) => (
          <tr key={s.id}>
            <td className="mono small">{s.statementId}</td>
            <td className="nowrap">
              {formatDay(s.from)} – {formatDay(s.to)}
            </td>
            <td className="num">{s.grossAmountPence === null ? "—" : formatMoney(pounds(s.grossAmountPence))}</td>
            <td className="num">
              {/^-?\d+$/.test(s.billedPence) ? formatMoney(pounds(s.billedPence)) : s.billedPence}
              {s.mismatch && <span className="badge badge-warn"> mismatch</span>}
            </td>
            <td className="num">{formatMoney(s.periodTotal)}</td>
            <td className="num">{formatMoney(s.closingBalance)}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
