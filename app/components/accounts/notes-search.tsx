"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useSearchParams } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { formatDateTime } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import { Headline } from "./highlighted";

/** A full-text search over the account's notes (`?notes=` in the URL); shows `children` (the whole list) when empty. */
export function NotesSearch({ accountNumber, children }: { accountNumber: string; children: React.ReactNode }) {
  const trpc = useTRPC();
  const pathname = usePathname();
  const sp = useSearchParams();
  const [applied, setApplied] = useState(() => sp.get("notes") ?? "");
  const [text, setText] = useState(applied);
  const q = useQuery({
    ...trpc.support.searchNotes.queryOptions({ accountNumber, query: applied }),
    enabled: applied.trim().length > 0,
  });
  const apply = (value: string) => {
    setApplied(value);
    const url = new URLSearchParams(window.location.search);
    if (value) url.set("notes", value);
    else url.delete("notes");
    url.set("tab", "notes");
    window.history.replaceState(null, "", `${pathname}?${url}`);
  };
  return (
    <div className="stack">
      <form
        role="search"
        className="searchbar"
        onSubmit={(e) => {
          e.preventDefault();
          apply(text.trim());
        }}
      >
        <label htmlFor="notes-query" className="visually-hidden">
          Search the notes
        </label>
        <input
          id="notes-query"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search the notes: refund, paper bills…"
        />
        <button className="btn" type="submit" disabled={!text.trim()}>
          Search notes
        </button>
        {applied && (
          <button className="btn" type="button" onClick={() => (setText(""), apply(""))}>
            All notes
          </button>
        )}
      </form>
      {applied ? (
        <QueryState
          query={q}
          isEmpty={q.data?.length === 0}
          empty={
            <EmptyState title={`No note mentions “${applied}”`}>
              Words match their other forms too (bill, bills, billing).
            </EmptyState>
          }
        >
          {(notes) => (
            <div data-testid="notes-results">
              <p className="muted small">
                {notes.length} note{notes.length === 1 ? "" : "s"} mention “{applied}”, pinned first.
              </p>
              {notes.map((n) => (
                <article key={n.id} className={`note${n.isPinned ? " pinned" : ""}`}>
                  <div className="row small muted">
                    {n.isPinned && <Badge value="Pinned" tone="brand" />}
                    <span>{formatDateTime(n.createdAt)}</span>
                  </div>
                  {n.headline && (
                    <p className="note-body">
                      <Headline text={n.headline} />
                    </p>
                  )}
                  {n.documents.map((d) => (
                    <a
                      key={d.index}
                      className="small"
                      href={`/accounts/${accountNumber}/documents/note/${n.id}?index=${d.index}`}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      Open {d.path}
                    </a>
                  ))}
                </article>
              ))}
            </div>
          )}
        </QueryState>
      ) : (
        children
      )}
    </div>
  );
}
