import { Table } from "@/app/components/ui/table";
import { ACCOUNT_CSV_COLUMNS, type CsvGroup } from "@/server/services/accounts/account-csv-columns";
import { Breakable } from "@/app/components/ui/breakable";

const GROUP: Record<CsvGroup, string> = {
  account: "Account and billing",
  customer: "Customer (customers.0)",
  supply: "Supply address (supply_addresses.0)",
  elec: "Electricity meter point",
  gas: "Gas meter point",
};

/** The CSV columns and the production field each fills (the template has the same columns, in this order). */
export function CsvColumns() {
  return (
    <section className="card csv-columns">
      <details>
        <summary className="card-header">
          <h2>CSV columns and the production fields they fill</h2>
        </summary>
        <div className="card-body">
          <p className="small muted" style={{ marginTop: 0 }}>
            One account per row; blank cells are left out. <span className="mono">{"{elec}"}</span> and{" "}
            <span className="mono">{"{gas}"}</span> are the meter points&apos; places in{" "}
            <span className="mono">meter_points</span> (electricity first, so gas is 1 with electricity and 0 without);{" "}
            <span className="mono">*</span> is one register per <span className="mono">;</span>-separated item. With
            supply_address1 and supply_postcode both blank, the billing address is the supply address. Everything else
            production&apos;s EnergyAccount holds (readings, PSR entries, debts, …) can be uploaded as JSON.
          </p>
          <Table
            label="CSV columns"
            columns={[
              { label: "Column", style: { width: "30%" } },
              { label: "Production field", style: { width: "36%" } },
              "Notes",
            ]}
          >
            {ACCOUNT_CSV_COLUMNS.flatMap((c, i) => [
              ...(i === 0 || ACCOUNT_CSV_COLUMNS[i - 1].group !== c.group
                ? [
                    <tr key={`group-${c.group}`} className="group-row">
                      <th scope="colgroup" colSpan={3}>
                        {GROUP[c.group]}
                      </th>
                    </tr>,
                  ]
                : []),
              <tr key={c.name}>
                <td className="mono small">{c.name}</td>
                <td className="small path">
                  <Breakable text={c.path} wrap="normal" />
                </td>
                <td className="small">
                  {c.required === "yes" ? (
                    <strong>Required. </strong>
                  ) : c.required ? (
                    <em>Required {c.required}. </em>
                  ) : null}
                  {c.help}
                </td>
              </tr>,
            ])}
          </Table>
        </div>
      </details>
    </section>
  );
}
