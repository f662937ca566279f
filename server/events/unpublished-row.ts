import type { StoredEvent } from "./fanout";

/** One row of the relay's read as the drivers return it (fetchUnpublished selects these names). */
export type UnpublishedColumns = {
  id: string;
  seq: number | string | bigint;
  type: string;
  version: string;
  account_number: string | null;
  organisation_id: number | null;
  /** `[fanout_ids, fanout_kinds]` as JSON text, null for a row that is one event. */
  fanout: string | null;
  /** The CloudEvents envelope as JSON text, written by PostgreSQL around the stored payload. */
  body: string;
  traceparent: string | null;
  tracestate: string | null;
};

/**
 * A pending event row as the relay reads it: PostgreSQL writes the envelope around the stored
 * payload (fetchUnpublished), so a row that is one event in one version goes on the bus as
 * read, and is its own message (`rowId` is its id; messagesOf makes no copy of it). The
 * payload and time are parsed from the envelope only if something reads them (a fan-out row's
 * events, a derived version, a test). Mapping ten columns through drizzle, parsing the payload
 * and writing the envelope again in JavaScript was a third of the relay's CPU per event, on
 * the one thread that also publishes (bench:events, ADR 0039).
 */
export class UnpublishedRow implements StoredEvent {
  readonly id: string;
  readonly seq: number;
  readonly type: string;
  readonly version: string;
  readonly accountNumber: string | null;
  readonly organisationId: number | null;
  readonly fanoutIds: number[] | null;
  readonly fanoutKinds: string[] | null;
  readonly body: string;
  readonly traceparent: string | null;
  readonly tracestate: string | null;
  private envelope: { time: string; data: Record<string, unknown> } | undefined;

  constructor(c: UnpublishedColumns) {
    this.id = c.id;
    this.seq = Number(c.seq);
    this.type = c.type;
    this.version = c.version;
    this.accountNumber = c.account_number;
    this.organisationId = c.organisation_id;
    const fanout = c.fanout === null ? null : (JSON.parse(c.fanout) as [number[], string[]]);
    this.fanoutIds = fanout ? fanout[0] : null;
    this.fanoutKinds = fanout ? fanout[1] : null;
    this.body = c.body;
    this.traceparent = c.traceparent ?? null;
    this.tracestate = c.tracestate ?? null;
    this.envelope = undefined;
  }

  private parsed() {
    return (this.envelope ??= JSON.parse(this.body) as { time: string; data: Record<string, unknown> });
  }

  get payload(): Record<string, unknown> {
    return this.parsed().data;
  }

  get occurredAt(): Date {
    return new Date(this.parsed().time);
  }

  /** As a message (RelayMessage): the row it came from is itself. */
  get rowId(): string {
    return this.id;
  }

  /** A plain StoredEvent, without the envelope (for building other messages from the row). */
  toStoredEvent(): StoredEvent {
    const {
      id,
      seq,
      type,
      version,
      occurredAt,
      accountNumber,
      organisationId,
      payload,
      fanoutIds,
      fanoutKinds,
      traceparent,
      tracestate,
    } = this;
    return {
      id,
      seq,
      type,
      version,
      occurredAt,
      accountNumber,
      organisationId,
      payload,
      fanoutIds,
      fanoutKinds,
      traceparent,
      tracestate,
    };
  }
}
