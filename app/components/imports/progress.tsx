export function Progress({ label, done, total }: { label: string; done: number; total: number }) {
  const pct = total ? Math.round((done / total) * 100) : 0;
  return (
    <div>
      <div className="row small" style={{ justifyContent: "space-between", marginBottom: 6 }}>
        <span>{label}</span>
        <span className="muted">
          {done} of {total} ({pct}%)
        </span>
      </div>
      <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={total} aria-valuenow={done}>
        <div style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
