import { parseLondonDateTime } from "@/server/lib/time";

export type EventFilters = {
  type?: string;
  account?: string;
  from?: string;
  to?: string;
  delivery?: "any" | "pending" | "published";
};

/** URL filters as the event.list input; the server page and the client use the same. */
export function eventListInput(f: EventFilters) {
  // Times in the filter are London wall time, read the same in the browser and on the server.
  const date = (s?: string) => (s ? (parseLondonDateTime(s) ?? undefined) : undefined);
  // Event types are lower case ("account.created"): "Account." typed by hand finds them too.
  return {
    typePrefix: f.type?.trim().toLowerCase() || undefined,
    accountNumber: f.account || undefined,
    from: date(f.from),
    to: date(f.to),
    delivery: f.delivery ?? ("any" as const),
    limit: 50,
  };
}

/** "Until" before "From": nothing can match, and the person should be told at the inputs. */
export function rangeReversed(f: Pick<EventFilters, "from" | "to">): boolean {
  if (!f.from || !f.to) return false;
  const from = parseLondonDateTime(f.from);
  const to = parseLondonDateTime(f.to);
  return Boolean(from && to && to < from);
}
