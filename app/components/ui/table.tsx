import { TableWrap } from "./table-wrap";

export type Column = string | { label: string; className?: string; hidden?: boolean; style?: React.CSSProperties };

/**
 * A plain table with a header row, in its own scroll container; `hidden` columns (actions,
 * details) are named for screen readers only, and a hidden last column stays pinned in view.
 */
export function Table({
  label,
  columns,
  className,
  testId,
  children,
}: {
  label: string;
  columns: Column[];
  className?: string;
  testId?: string;
  children: React.ReactNode;
}) {
  const last = columns[columns.length - 1];
  const pinned = typeof last === "object" && last.hidden;
  const classes = ["table", pinned ? "has-actions" : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <TableWrap>
      <table className={classes} aria-label={label} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => {
              const col = typeof c === "string" ? { label: c } : c;
              return (
                <th key={col.label} scope="col" className={col.className} style={col.style}>
                  {col.hidden ? <span className="visually-hidden">{col.label}</span> : col.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableWrap>
  );
}
