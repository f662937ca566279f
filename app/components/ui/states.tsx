"use client";

import { describeLoadError } from "./failure";
import { RequestId } from "./request-id";

export function EmptyState({
  title,
  children,
  action,
  icon = "∅",
}: {
  title: string;
  children?: React.ReactNode;
  action?: React.ReactNode;
  icon?: string;
}) {
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
        <RequestId id={e.requestId} />
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

/**
 * Placeholder lines in the shape of the content to come, drawn only once loading has taken
 * 200 ms (a CSS delay, so a quick answer never flashes them); screen readers hear the label.
 */
export function Loading({ label = "Loading…", lines = 3 }: { label?: string; lines?: number }) {
  return (
    <div className="skeleton" role="status" aria-live="polite" data-testid="skeleton">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton-line" aria-hidden="true" style={{ width: `${[92, 76, 84, 60][i % 4]}%` }} />
      ))}
    </div>
  );
}
