import { z } from "zod";
import { describeEventFields, type EventField } from "../../events/openapi";
import { listEventEntries } from "../../events/registry";

export const ListEventCatalogueInput = z.strictObject({ search: z.string().trim().max(200).optional() });
export type ListEventCatalogueInput = z.input<typeof ListEventCatalogueInput>;

export type CatalogueEntry = { type: string; version: string; domain: string; fields: EventField[] };

let cache: CatalogueEntry[] | undefined;

function entries(): CatalogueEntry[] {
  cache ??= listEventEntries().map(({ type, version }) => ({
    type,
    version,
    domain: type.split(".")[0],
    fields: describeEventFields(type, version),
  }));
  return cache;
}

/** Every event type and payload version with its fields; `search` matches type or field names. */
export function listEventCatalogue(raw: ListEventCatalogueInput): CatalogueEntry[] {
  const { search } = ListEventCatalogueInput.parse(raw);
  if (!search) return entries();
  const needle = search.toLowerCase();
  return entries().filter(
    (e) => e.type.includes(needle) || e.fields.some((f) => f.path.toLowerCase().includes(needle)),
  );
}
