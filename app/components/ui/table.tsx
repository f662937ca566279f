export type Column = string | { label: string; className?: string; hidden?: boolean; style?: React.CSSProperties };

/** A plain table with a header row; `hidden` columns (actions, details) are named for screen readers only. */
export function Table({ label, columns, className, testId, children }: { label: string; columns: Column[]; className?: string; testId?: string; children: React.ReactNode }) {
  return (
    <table className={className ? `table ${className}` : "table"} aria-label={label} data-testid={testId}>
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
  );
}
