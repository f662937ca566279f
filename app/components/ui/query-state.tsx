"use client";

import { ErrorState, Loading } from "./states";

type Query<T> = { isPending: boolean; error: unknown; data: T | undefined; refetch: () => unknown };

/**
 * One query's loading, error and empty states, then its content from the loaded data.
 * `inCard`: the state sits straight in a `.card`, so the error gets the card's padding.
 */
export function QueryState<T>({
  query,
  isEmpty = false,
  empty,
  inCard = false,
  loadingLabel,
  children,
}: {
  query: Query<T>;
  isEmpty?: boolean;
  empty?: React.ReactNode;
  inCard?: boolean;
  loadingLabel?: string;
  children: (data: T) => React.ReactNode;
}) {
  if (query.isPending) return <Loading label={loadingLabel} />;
  if (query.error) {
    const error = <ErrorState error={query.error} retry={() => void query.refetch()} />;
    return inCard ? <div className="card-body">{error}</div> : error;
  }
  if (isEmpty) return empty;
  return children(query.data as T);
}
