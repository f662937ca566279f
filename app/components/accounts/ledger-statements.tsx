import type { inferRouterOutputs } from "@trpc/server";
import { formatDay } from "@/app/components/ui/format";
import { negateMoney, penceToPounds } from "@/server/lib/money";
import { Money } from "@/app/components/ui/money";
import { Table } from "@/app/components/ui/table";
import type { AppRouter } from "@/server/api/root";

type Statement = inferRouterOutputs<AppRouter>["support"]["ledger"]["statements"][number];

/**
 * Historical statements as period boundaries: what each billed against its own gross_amount
 * (pence, debit positive as production sends it), its total and closing balance. Every figure
 * is shown in the page's one sign convention: what was billed lowered the balance (−).
 */
export function LedgerStatements({ statements }: { statements: Statement[] }) {
  if (!statements.length) return null;
  return (
    <section data-testid="ledger-statements">
      <h3>Historical statements</h3>
      <p className="muted small">
        Billed is the statement&apos;s own gross amount; charges imported are the migrated charges of its period.
      </p>
      {statements.some((s) => s.mismatch) && (
        <div className="alert alert-warn" role="alert">
          A statement&apos;s gross amount differs from the charges imported for its period: check the migrated
          transactions against the customer&apos;s statement.
        </div>
      )}
      <Table
        label="Historical statements"
        columns={[
          "Statement",
          "Period",
          { label: "Billed", className: "num" },
          { label: "Charges imported", className: "num" },
          { label: "Period total", className: "num" },
          { label: "Closing balance", className: "num" },
        ]}
      >
        {statements.map((s) => (
          <tr key={s.id}>
            <td className="mono small">{s.statementId}</td>
            <td className="nowrap">
              {formatDay(s.from)} – {formatDay(s.to)}
            </td>
            <td className="num">
              {s.grossAmountPence === null ? "—" : <Money value={negateMoney(penceToPounds(s.grossAmountPence))} />}
            </td>
            <td className="num">
              {/^-?\d+$/.test(s.billedPence) ? (
                <Money value={negateMoney(penceToPounds(s.billedPence))} />
              ) : (
                s.billedPence
              )}
              {s.mismatch && <span className="badge badge-warn"> mismatch</span>}
            </td>
            <td className="num">
              <Money value={s.periodTotal} />
            </td>
            <td className="num">
              <Money value={s.closingBalance} />
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
