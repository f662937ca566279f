"use client";

/** The footer of a newest-first infinite list: how many are shown, and a button for older pages. */
export function OlderPager({
  shown,
  noun,
  query,
}: {
  shown: React.ReactNode;
  /** "events", "changes": the button reads "Older events" / "No older events". */
  noun: string;
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  return (
    <div className="pager">
      <span>{shown}</span>
      <button
        className="btn btn-sm"
        type="button"
        disabled={!query.hasNextPage || query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? "Loading…" : query.hasNextPage ? `Older ${noun}` : `No older ${noun}`}
      </button>
    </div>
  );
}
