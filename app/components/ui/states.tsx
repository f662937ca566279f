"use client";

import { describeLoadError } from "./failure";

export function EmptyState({ title, children, action, icon = "∅" }: { title: string; children?: React.ReactNode; action?: React.ReactNode; icon?: string }) {
  return (
    <div className="empty">
      <div className="icon" aria-hidden="true">
        {icon}
      </div>
      <h3>{title}</h3>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}

/** A failed load: what went wrong in words, and what to do next. */
export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const e = describeLoadError(error);
  return (
    <div className="alert alert-error" role="alert">
      <div>
        <strong>{e.title}</strong>
        {e.detail} {e.next}
        {e.requestId && (
          <div className="small" style={{ marginTop: 4 }}>
            Request id <code>{e.requestId}</code>
          </div>
        )}
        {retry && (
          <div style={{ marginTop: 8 }}>
            <button className="btn btn-sm" type="button" onClick={retry}>
              Try again
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="empty muted" role="status" aria-live="polite">
      {label}
    </div>
  );
}
