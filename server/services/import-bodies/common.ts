import { z } from "zod";
import type { Db } from "@/db/client";
import { findOwnAccount } from "../accounts/find-own-account";
import { type FieldError, ServiceError, fieldError, safeParseReporting, zodFieldErrors } from "../../errors";
import { pushIssue, Text } from "../../lib/validators";
import { unstorableValueErrors } from "../../lib/exact-json";

/** The documented maximum number of items (notes, transactions, statements) per request. */
export const MAX_ITEMS_PER_REQUEST = 1000;

export type ImportedAccount = {
  id: number;
  number: string;
  externalAccountNumber: string;
  openStatementPeriodStart: string;
  supplierId: number;
  supplierCode: string;
  supplierStatus: string;
  /** The supplier's document root, null when its organisation does not own it (ADR 0106). */
  documentRoot: string | null;
};

export function accountNotFound(supplierCode: string, external: string, attr = "external_account_number") {
  const detail = `No imported account '${external}' for import supplier '${supplierCode}'.`;
  return new ServiceError("not_found", "account_not_found", detail, {
    errors: [{ detail, code: "account_not_found", attr }],
  });
}

/**
 * The imported account behind (import_supplier, external_account_number) in the actor's
 * organisation, else 404. With `lock`, the account row is held (FOR NO KEY UPDATE) until the
 * transaction ends, so concurrent requests for one account run one after another.
 */
export async function findImportedAccount(
  tx: Db,
  organisationId: number,
  supplierCode: string,
  external: string,
  opts: { lock?: boolean } = {},
): Promise<ImportedAccount> {
  return findAccountByKey(
    tx,
    organisationId,
    { import_supplier: supplierCode, external_account_number: external },
    opts,
  );
}

/**
 * The same, by production's account key: `external_account_number`, or the deprecated
 * `account_number` (the platform number, A-XXXXXXXX), which must belong to the supplier too.
 * Given both, both must name the account.
 */
export async function findAccountByKey(
  tx: Db,
  organisationId: number,
  key: AccountKey,
  opts: { lock?: boolean } = {},
): Promise<ImportedAccount> {
  const { import_supplier: supplierCode, external_account_number: external, account_number: number } = key;
  if (external === undefined && number === undefined) throw bodyError([accountKeyMissing()]);
  const notFound = () =>
    external === undefined
      ? accountNotFound(supplierCode, number!, "account_number")
      : accountNotFound(supplierCode, external);
  const { account, supplier } = await findOwnAccount(
    tx,
    organisationId,
    { supplierCode, external, number },
    { lock: opts.lock, notFound },
  );
  return importedAccountOf(account, supplier);
}

/** What the post-import writes need of an account and its supplier's rows. */
export function importedAccountOf(
  account: Pick<ImportedAccount, "id" | "number" | "externalAccountNumber" | "openStatementPeriodStart">,
  supplier: { id: number; code: string; status: string; documentRoot: string; documentRootId: number | null },
): ImportedAccount {
  return {
    id: account.id,
    number: account.number,
    externalAccountNumber: account.externalAccountNumber,
    openStatementPeriodStart: account.openStatementPeriodStart,
    supplierId: supplier.id,
    supplierCode: supplier.code,
    supplierStatus: supplier.status,
    documentRoot: supplier.documentRootId === null ? null : supplier.documentRoot,
  };
}

/** The account reference of bodies production keys by external_account_number alone (statements, payment instruction). */
export const ACCOUNT_REF = {
  import_supplier: Text(64),
  external_account_number: Text(128),
};

/** Production's account key of the post-import bodies (notes, transactions). */
export const ACCOUNT_KEY = {
  import_supplier: Text(64),
  external_account_number: Text(128)
    .optional()
    .describe("The account's number in the migrating organisation's system. This or account_number is required."),
  account_number: Text(128)
    .optional()
    .describe(
      "Deprecated: the platform account number (A-XXXXXXXX) instead of external_account_number; it must belong to import_supplier.",
    ),
};
export type AccountKey = { import_supplier: string; external_account_number?: string; account_number?: string };

const accountKeyMissing = () =>
  fieldError("external_account_number", "required", "Give external_account_number (or the deprecated account_number).");

/** zod check for a body built on ACCOUNT_KEY: one of the two account numbers is required. */
export function requireAccountKey(payload: z.core.ParsePayload<AccountKey>) {
  const v = payload.value;
  if (v.external_account_number === undefined && v.account_number === undefined) {
    pushIssue(payload, "required", accountKeyMissing().detail, ["external_account_number"]);
  }
}

/** Parses a request body with its schema after refusing numbers that would lose digits. */
export function parseBody<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const imprecise = unstorableValueErrors(raw);
  if (imprecise.length) throw bodyError(imprecise);
  const result = safeParseReporting(schema, raw);
  if (!result.success) throw bodyError(zodFieldErrors(result.error));
  return result.data;
}

/** A 400 whose top-level code is the first field error's code (stable for a given cause). */
export function bodyError(errors: FieldError[]) {
  const first = errors[0];
  const detail = first
    ? first.attr
      ? `${first.attr}: ${first.detail}`
      : first.detail
    : "The request failed validation.";
  return new ServiceError("validation", first?.code ?? "invalid", detail, { errors });
}

/** An array of 1..MAX items, with the codes clients see for an empty or oversized list. */
export const ItemList = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .min(1, { message: "Send at least one item." })
    .max(MAX_ITEMS_PER_REQUEST, { message: `Send at most ${MAX_ITEMS_PER_REQUEST} items per request.` });
