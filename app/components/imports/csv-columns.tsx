import { Table } from "@/app/components/ui/table";
import { ACCOUNT_CSV_COLUMNS, type CsvGroup } from "@/server/services/console/account-csv-columns";

const GROUP: Record<CsvGroup, string> = {
  account: "Account and billing",
  customer: "Customer (customers.0)",
  supply: "Supply address (supply_addresses.0)",
  elec: "Electricity meter point",
  gas: "Gas meter point",
};

/** The CSV columns and the production field each fills, beside the upload (the template has the same columns). */
export function CsvColumns() {
  return (
    <details className="note csv-columns">
      <summary>CSV columns and the production fields they fill</summary>
      <p className="small muted">
        One account per row; blank cells are left out. <span className="mono">{"{elec}"}</span> and <span className="mono">{"{gas}"}</span> are the meter points&apos; places in{" "}
        <span className="mono">meter_points</span> (electricity first); <span className="mono">*</span> is one register per <span className="mono">;</span>-separated item. Anything else
        production&apos;s EnergyAccount holds (readings, PSR, debts, …) can be uploaded as JSON.
      </p>
      <Table label="CSV columns" className="fixed" columns={[{ label: "Column", style: { width: "26%" } }, { label: "Production field", style: { width: "38%" } }, "Notes"]}>
          {ACCOUNT_CSV_COLUMNS.map((c, i) => (
            <tr key={c.name} className={i > 0 && ACCOUNT_CSV_COLUMNS[i - 1].group !== c.group ? "group-start" : undefined}>
              <td className="mono small">{c.name}</td>
              <td className="mono small" style={{ overflowWrap: "anywhere" }}>
                {c.path}
              </td>
              <td className="small">
                {i === 0 || ACCOUNT_CSV_COLUMNS[i - 1].group !== c.group ? <span className="muted">{GROUP[c.group]}. </span> : null}
                {c.required === "yes" ? <strong>Required. </strong> : c.required ? <span>Required {c.required}. </span> : null}
                {c.help}
              </td>
            </tr>
          ))}
      </Table>
    </details>
  );
}
