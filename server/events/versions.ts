import { v5 as uuidv5 } from "uuid";
import { type EventPayload, parseEventPayload } from "./registry";

/**
 * Payload versions that are published beside a newer stored one. One occurrence is one
 * outbox row, written in its newest version; the relay delivers it as that version and as
 * each older version derived here, so consumers of either version keep receiving it
 * (the catalogue's versions exist side by side) while the change writes one row (ADR 0007).
 * An older version listed here is never emitted directly: `emit` refuses it.
 */
type Derivations = {
  [T in keyof DerivedTable]: {
    from: DerivedTable[T]["from"];
    to: { [V in DerivedTable[T]["to"]]: (p: EventPayload<T, DerivedTable[T]["from"]>) => EventPayload<T, V> };
  };
};
type DerivedTable = {
  "billing.ledger.entry_posted": { from: "v2"; to: "v1" };
  "billing.ledger.entry_removed": { from: "v2"; to: "v1" };
};

export const derivedVersions: Derivations = {
  "billing.ledger.entry_posted": { from: "v2", to: { v1: (p) => ({ ledger: p.ledger }) } },
  "billing.ledger.entry_removed": { from: "v2", to: { v1: (p) => ({ ledger: p.ledger }) } },
};

type AnyDerivation = { from: string; to: Record<string, (p: never) => unknown> };
const derivationOf = (type: string): AnyDerivation | undefined =>
  Object.hasOwn(derivedVersions, type)
    ? (derivedVersions as unknown as Record<string, AnyDerivation>)[type]
    : undefined;

/** True for a version that is only ever derived from a newer stored one (emit refuses it). */
export function isDerivedVersion(type: string, version: string): boolean {
  const d = derivationOf(type);
  return !!d && Object.hasOwn(d.to, version);
}

/** The version written to the outbox for a type whose older versions are derived. */
export function storedVersionOf(type: string): string | undefined {
  return derivationOf(type)?.from;
}

/** The versions a stored event is delivered as: its own first, then the derived ones. */
export function deliveredVersions(type: string, version: string): string[] {
  const d = derivationOf(type);
  return d && d.from === version ? [version, ...Object.keys(d.to)] : [version];
}

// Fixed namespace for the ids of derived messages (uuid v5 of "<stored id>/<version>").
const DERIVED_ID_NAMESPACE = "6f1d3c9e-2b7a-4c55-9a0e-5d8f3e41b7c2";

/**
 * The message id of one delivered version: the stored id for the stored version, else a
 * name-based UUID of the stored id and the version, stable across re-publishes so the
 * bus's duplicate window drops a second copy.
 */
export function deliveredId(id: string, storedVersion: string, version: string): string {
  return version === storedVersion ? id : uuidv5(`${id}/${version}`, DERIVED_ID_NAMESPACE);
}

/**
 * Every delivered form of a stored event: `{version, id, payload}`, the stored one first.
 * Derived payloads are checked against their own catalogue schema.
 */
export function deliveredForms(e: { id: string; type: string; version: string; payload: Record<string, unknown> }) {
  const d = derivationOf(e.type);
  const forms = [{ version: e.version, id: e.id, payload: e.payload }];
  if (!d || d.from !== e.version) return forms;
  for (const [version, derive] of Object.entries(d.to)) {
    const payload = parseEventPayload(e.type, version, (derive as (p: unknown) => unknown)(e.payload)) as Record<
      string,
      unknown
    >;
    forms.push({ version, id: deliveredId(e.id, e.version, version), payload });
  }
  return forms;
}
