"use client";

import { useSearchParams } from "next/navigation";
import { useState } from "react";

/** Writes one query parameter into the address bar, without a navigation or a new history step. */
export function replaceQueryParam(name: string, value: string | null) {
  const next = new URLSearchParams(window.location.search);
  if (value) next.set(name, value);
  else next.delete(name);
  window.history.replaceState(
    window.history.state,
    "",
    `${window.location.pathname}${next.size ? `?${next}` : ""}${window.location.hash}`,
  );
}

/**
 * A piece of view state (a search box, a chosen filter, an opened item) kept in the query
 * string, so the address opens the same view for a colleague. The URL gives the first value;
 * after that it is held here and written to the URL (as the account's tabs do: reading it back
 * through the router raced clicks made while the page was settling).
 */
export function useQueryParam(name: string, fallback = ""): [string, (value: string) => void] {
  const params = useSearchParams();
  const [value, setValue] = useState(() => params.get(name) ?? fallback);
  const set = (v: string) => {
    setValue(v);
    replaceQueryParam(name, v && v !== fallback ? v : null);
  };
  return [value, set];
}
