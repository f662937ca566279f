import type { z } from "zod";
import { accountEvents } from "@/server/events/catalogue/account";
import { accountUserEvents } from "@/server/events/catalogue/account-user";
import { agreementEvents } from "@/server/events/catalogue/agreement";
import { apiKeyEvents } from "@/server/events/catalogue/api-key";
import { approvalsEvents } from "@/server/events/catalogue/approvals";
import { authServerEvents } from "@/server/events/catalogue/auth-server";
import { billingDocumentEvents } from "@/server/events/catalogue/billing-documents";
import { billingLedgerEvents } from "@/server/events/catalogue/billing-ledger";
import { businessEvents } from "@/server/events/catalogue/business";
import { collectionsEvents } from "@/server/events/catalogue/collections";
import { commsEvents } from "@/server/events/catalogue/comms";
import { companyEvents } from "@/server/events/catalogue/company";
import { consentsEvents } from "@/server/events/catalogue/consents";
import { contractsEvents } from "@/server/events/catalogue/contracts";
import { customerAccessEvents } from "@/server/events/catalogue/customer-access";
import { dataImportEvents } from "@/server/events/catalogue/data-import";
import { debtEvents } from "@/server/events/catalogue/debt";
import { devicesEvents } from "@/server/events/catalogue/devices";
import { industryEvents } from "@/server/events/catalogue/industry";
import { inkConversationEvents } from "@/server/events/catalogue/ink-conversation";
import { inkMessagesEvents } from "@/server/events/catalogue/ink-messages";
import { lifecycleJoinEvents } from "@/server/events/catalogue/lifecycle-join";
import { lifecycleLeaveEvents } from "@/server/events/catalogue/lifecycle-leave";
import { meterDataEvents } from "@/server/events/catalogue/meter-data";
import { meterpointElecEvents } from "@/server/events/catalogue/meterpoint-elec";
import { meterpointGasEvents } from "@/server/events/catalogue/meterpoint-gas";
import { meterpointGasDisputeEvents } from "@/server/events/catalogue/meterpoint-gas-disputes";
import type { CatalogueSection } from "@/server/events/catalogue/shapes";

/** The domain files, in catalogue order; a test checks that no type appears in two. */
export const catalogueSections: readonly CatalogueSection[] = [
  accountEvents,
  accountUserEvents,
  agreementEvents,
  apiKeyEvents,
  approvalsEvents,
  authServerEvents,
  billingDocumentEvents,
  billingLedgerEvents,
  businessEvents,
  collectionsEvents,
  commsEvents,
  consentsEvents,
  contractsEvents,
  customerAccessEvents,
  dataImportEvents,
  debtEvents,
  devicesEvents,
  industryEvents,
  inkConversationEvents,
  inkMessagesEvents,
  companyEvents,
  lifecycleJoinEvents,
  lifecycleLeaveEvents,
  meterDataEvents,
  meterpointElecEvents,
  meterpointGasEvents,
  meterpointGasDisputeEvents,
];

/** Every event type and payload version of the catalogue: type -> version -> schema. */
export const eventCatalogue = {
  ...accountEvents,
  ...accountUserEvents,
  ...agreementEvents,
  ...apiKeyEvents,
  ...approvalsEvents,
  ...authServerEvents,
  ...billingDocumentEvents,
  ...billingLedgerEvents,
  ...businessEvents,
  ...collectionsEvents,
  ...commsEvents,
  ...consentsEvents,
  ...contractsEvents,
  ...customerAccessEvents,
  ...dataImportEvents,
  ...debtEvents,
  ...devicesEvents,
  ...industryEvents,
  ...inkConversationEvents,
  ...inkMessagesEvents,
  ...companyEvents,
  ...lifecycleJoinEvents,
  ...lifecycleLeaveEvents,
  ...meterDataEvents,
  ...meterpointElecEvents,
  ...meterpointGasEvents,
  ...meterpointGasDisputeEvents,
} as const;

type Catalogue = typeof eventCatalogue;

export type EventType = keyof Catalogue;
export type EventVersion<T extends EventType> = keyof Catalogue[T] & string;
export type EventSchema<T extends EventType, V extends EventVersion<T>> = Catalogue[T][V];
export type EventPayload<T extends EventType, V extends EventVersion<T>> = z.output<EventSchema<T, V>>;
export type EventEntry = { type: EventType; version: string };

export class EventPayloadError extends Error {
  constructor(
    message: string,
    readonly type: string,
    readonly version: string,
    readonly issues: readonly z.core.$ZodIssue[] = [],
  ) {
    super(message);
    this.name = "EventPayloadError";
  }
}

const versionsOf = (type: string): Record<string, z.ZodType> | undefined =>
  Object.hasOwn(eventCatalogue, type) ? (eventCatalogue as Record<string, Record<string, z.ZodType>>)[type] : undefined;

export function getEventSchema(type: string, version: string): z.ZodType | undefined {
  const versions = versionsOf(type);
  return versions && Object.hasOwn(versions, version) ? versions[version] : undefined;
}

export function isEventType(type: string): type is EventType {
  return versionsOf(type) !== undefined;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorted by type then version, in code-unit order (the order of catalogue-list.txt). */
export function listEventEntries(): EventEntry[] {
  return (Object.keys(eventCatalogue) as EventType[]).sort(byCodeUnits).flatMap((type) =>
    Object.keys(eventCatalogue[type])
      .sort(byCodeUnits)
      .map((version) => ({ type, version })),
  );
}

export function parseEventPayload<T extends EventType, V extends EventVersion<T>>(
  type: T,
  version: V,
  payload: unknown,
): EventPayload<T, V>;
export function parseEventPayload(type: string, version: string, payload: unknown): unknown;
export function parseEventPayload(type: string, version: string, payload: unknown): unknown {
  const schema = getEventSchema(type, version);
  if (!schema) {
    const known = versionsOf(type);
    const hint = known ? `known versions: ${Object.keys(known).join(", ")}` : "unknown event type";
    throw new EventPayloadError(`Unknown event "${type}" version "${version}" (${hint})`, type, version);
  }
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const detail = issues.map(describeIssue).join("; ");
  throw new EventPayloadError(
    `Invalid payload for event "${type}" version "${version}": ${detail}`,
    type,
    version,
    issues,
  );
}

function describeIssue(issue: z.core.$ZodIssue): string {
  return `${issue.path.map(String).join(".") || "(root)"}: ${issue.message}`;
}
