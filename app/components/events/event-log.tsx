"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { formatDateTime } from "@/app/components/ui/format";
import { JsonView } from "@/app/components/ui/json";
import { QueryState } from "@/app/components/ui/query-state";
import { OlderPager } from "@/app/components/ui/older-pager";
import { EmptyState } from "@/app/components/ui/states";
import { Card } from "@/app/components/ui/card";
import { CopyButton, CopyId } from "@/app/components/ui/copy-button";
import { useUrlFilters } from "@/app/components/ui/url-filters";
import { DeliveryBanner } from "./delivery-banner";
import { EventTable } from "../ui/event-table";
import { type EventFilters, eventListInput, rangeReversed } from "./filters";

export const LIVE_INTERVAL_MS = 3000;

/** Newest first, filters in the URL, polled so new events appear without reloading. */
export function EventLog({ filters, eventId }: { filters: EventFilters; eventId?: string }) {
  const trpc = useTRPC();
  const { draft, setDraft, apply } = useUrlFilters<EventFilters>(filters);
  const [live, setLive] = useState(true);
  const q = useInfiniteQuery({
    ...trpc.event.list.infiniteQueryOptions(eventListInput(filters), { getNextPageParam: (p) => p.nextCursor }),
    refetchInterval: live ? LIVE_INTERVAL_MS : false,
  });
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  // The filter offers the catalogue's types, each area's prefix first ("account.", then its types).
  const catalogue = useQuery({ ...trpc.event.catalogue.queryOptions({}), staleTime: Infinity });
  const types = [...new Set((catalogue.data ?? []).flatMap((e) => [`${e.domain}.`, e.type]))].sort();
  const set = (k: keyof EventFilters) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft({ ...draft, [k]: e.target.value });
  const reversed = rangeReversed(draft);
  const submit = (e: React.FormEvent) => {
    if (!reversed) return apply(e);
    e.preventDefault();
    document.getElementById("ev-to")?.focus();
  };
  return (
    <>
      <DeliveryBanner refetchInterval={live ? LIVE_INTERVAL_MS : false} />
      {eventId && (
        <Card id="linked-event" title="Linked event" description={<CopyId value={eventId} label="event id" />}>
          <EventEnvelope id={eventId} />
        </Card>
      )}
      <section className="card" aria-labelledby="event-log-title">
        <h2 id="event-log-title" className="visually-hidden">
          Events, newest first
        </h2>
        <form className="filters" onSubmit={submit} aria-label="Filter events" noValidate>
          <div className="field">
            <label htmlFor="ev-type">Type starts with</label>
            <input
              id="ev-type"
              type="text"
              list="ev-types"
              placeholder="account. or data_import."
              value={draft.type ?? ""}
              onChange={set("type")}
            />
            <datalist id="ev-types" data-testid="event-types">
              {types.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
          </div>
          <div className="field">
            <label htmlFor="ev-account">Account</label>
            <input
              id="ev-account"
              type="text"
              placeholder="A-1234ABCD"
              value={draft.account ?? ""}
              onChange={set("account")}
              style={{ width: 140 }}
            />
          </div>
          <div className="field">
            <label htmlFor="ev-from">From (London time)</label>
            <input
              id="ev-from"
              type="datetime-local"
              value={draft.from ?? ""}
              onChange={set("from")}
              aria-invalid={reversed || undefined}
              aria-describedby={reversed ? "ev-range-error" : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor="ev-to">Until (London time)</label>
            <input
              id="ev-to"
              type="datetime-local"
              value={draft.to ?? ""}
              onChange={set("to")}
              aria-invalid={reversed || undefined}
              aria-describedby={reversed ? "ev-range-error" : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor="ev-delivery">Delivery</label>
            <select id="ev-delivery" value={draft.delivery ?? "any"} onChange={set("delivery")}>
              <option value="any">Any</option>
              <option value="pending">Not yet published</option>
              <option value="published">Published</option>
            </select>
          </div>
          <button className="btn btn-primary" type="submit">
            Apply
          </button>
          {reversed && (
            <p id="ev-range-error" className="field-error" role="alert">
              The range is reversed: “Until” is before “From”. Swap them, or change one.
            </p>
          )}
          <span className="spacer" />
          <label className="checkbox">
            <input type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} />
            <span>
              Live <span className="muted small">(every {LIVE_INTERVAL_MS / 1000}s)</span>
            </span>
          </label>
        </form>
        <QueryState
          query={q}
          inCard
          live={live}
          isEmpty={items.length === 0}
          empty={
            rangeReversed(filters) ? (
              <EmptyState title="The time range is reversed" icon="~">
                “Until” is before “From”, so no event can match. Correct the range above.
              </EmptyState>
            ) : (
              <EmptyState title="No events match" icon="~">
                {Object.values(filters).some((v) => v && v !== "any")
                  ? "Widen the time range or clear a filter."
                  : "Events appear here as accounts are imported and data is posted; this page updates by itself."}
              </EmptyState>
            )
          }
        >
          {() => (
            <>
              <EventTable
                events={items}
                label="Events, newest first"
                detailLabel="Envelope"
                detail={(e) => <EventEnvelope id={e.id} />}
              />
              <OlderPager shown={`${items.length} shown${live ? " · live" : ""}`} noun="events" query={q} />
            </>
          )}
        </QueryState>
      </section>
    </>
  );
}

/** Every envelope the bus carries for the event: the stored version's, then each derived one's. */
function EventEnvelope({ id }: { id: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.event.get.queryOptions({ id }));
  return (
    <QueryState query={q}>
      {({ envelopes, version, publishedAt, seq, part, parts }) => (
        <>
          {envelopes.map(({ data, ...attributes }, i) => {
            const derived = i > 0;
            const v = attributes.dataversion;
            return (
              <div className="grid-2" key={attributes.id} style={derived ? { marginTop: 16 } : undefined}>
                <div>
                  <h3 style={{ marginBottom: 8 }}>
                    {derived ? `Also delivered as ${v}` : "CloudEvents envelope"}
                    {envelopes.length > 1 && (
                      <span className="muted small">
                        {" "}
                        {derived ? `(derived from ${version}, its own id)` : `(${v}, as stored)`}
                      </span>
                    )}
                  </h3>
                  <JsonView
                    value={attributes}
                    label={derived ? `Attributes of the ${v} envelope` : "Envelope attributes"}
                  />
                </div>
                <div>
                  <h3 style={{ marginBottom: 8 }}>Payload (data)</h3>
                  <JsonView value={data} label={derived ? `Payload of the ${v} envelope` : "Event payload"} />
                </div>
              </div>
            );
          })}
          <p className="row small" style={{ gap: 8 }}>
            <span className="muted">Event id</span> <CopyId value={id} label="event id" />
            <CopyButton value={() => eventLink(id)} label={`link to event ${id}`} text="Copy link" />
          </p>
          <p className="muted small">
            {publishedAt ? `Published ${formatDateTime(publishedAt)}` : "Not yet published"}
            {envelopes.length > 1
              ? publishedAt
                ? ", every version above acked"
                : ": stamped once every version above is acked"
              : ""}{" "}
            · outbox sequence {seq}
            {parts > 1 && `, event ${part + 1} of ${parts} in one outbox row (published together)`}
          </p>
        </>
      )}
    </QueryState>
  );
}

/** The address that opens this event's envelope on the event log, for a colleague. */
export function eventLink(id: string): string {
  return new URL(`/events?event=${encodeURIComponent(id)}`, window.location.origin).toString();
}
