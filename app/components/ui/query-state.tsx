"use client";

import { describeLoadError, isConnectionError } from "./failure";
import { formatTime } from "./format";
import { ErrorState, Loading } from "./states";

type Query<T> = {
  isPending: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
  isFetching?: boolean;
  dataUpdatedAt?: number;
  failureCount?: number;
  failureReason?: unknown;
};

/**
 * One query's loading, error and empty states, then its content from the loaded data.
 * A failed refresh keeps what was loaded and adds a small note; the full error state is only
 * for a query that has nothing to show. `inCard`: the state sits straight in a `.card`, so it
 * gets the card's padding. `live`: the query polls, so a failed refresh is retried by itself.
 */
export function QueryState<T>({
  query,
  isEmpty = false,
  empty,
  inCard = false,
  live = false,
  loadingLabel,
  children,
}: {
  query: Query<T>;
  isEmpty?: boolean;
  empty?: React.ReactNode;
  inCard?: boolean;
  live?: boolean;
  loadingLabel?: string;
  children: (data: T) => React.ReactNode;
}) {
  if (query.isPending) return <Loading label={loadingLabel} />;
  if (query.error && query.data === undefined) {
    const error = <ErrorState error={query.error} retry={() => void query.refetch()} />;
    return inCard ? <div className="card-body">{error}</div> : error;
  }
  const failure = query.error ?? (query.failureCount ? query.failureReason : null);
  const note = failure ? <StaleNote failure={failure} query={query} live={live} inCard={inCard} /> : null;
  return (
    <>
      {note}
      {isEmpty ? empty : children(query.data as T)}
    </>
  );
}

/** Loaded data stays on screen when a refresh fails; this says so, without getting in the way. */
function StaleNote<T>({
  failure,
  query,
  live,
  inCard,
}: {
  failure: unknown;
  query: Query<T>;
  live: boolean;
  inCard: boolean;
}) {
  const retrying = live || Boolean(query.isFetching);
  const since = query.dataUpdatedAt ? ` loaded at ${formatTime(query.dataUpdatedAt)}` : " last loaded";
  let text: string;
  if (isConnectionError(failure)) {
    text = retrying ? "Connection lost — retrying…" : `Connection lost — showing what was${since}.`;
  } else {
    const e = describeLoadError(failure);
    text = `Could not refresh: ${e.detail}${e.requestId ? ` (request id ${e.requestId})` : ""} Showing what was${since}.`;
  }
  return (
    <div className={`stale-note${inCard ? " in-card" : ""}`} role="status" data-testid="stale-note">
      <span>{text}</span>
      {!query.isFetching && (
        <button className="link-button" type="button" onClick={() => void query.refetch()}>
          Retry now
        </button>
      )}
    </div>
  );
}
