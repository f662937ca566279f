import type { Db } from "@/db/client";
import type { ConsoleRole, SupplierStatus } from "@/db/schema";
import { type Ctx, systemCtx } from "@/server/context";
import { withMpanCheckDigit } from "@/server/lib/validators";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { StageAccountInput } from "@/server/services/account-import/schemas";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { createOrganisation } from "@/server/services/organisations/create-organisation";
import { loadDemoProducts } from "@/server/services/products/demo-products";
import { createSupplier } from "@/server/services/suppliers/create-supplier";
import { createConsoleUser } from "@/server/services/users/create-console-user";
import { uniq } from "./db";

export type OrgFixture = { id: number; number: string; apiKey: string; apiKeyId: number; ctx: Ctx };

const catalogued = new WeakSet<Db>();

/** The catalogue product whose tariffs the fixture accounts use, loaded once per database. */
export async function ensureFixtureProducts(db: Db) {
  if (catalogued.has(db)) return;
  await loadDemoProducts(systemCtx(db, "fixtures"), { only: ["VAR-22-11-01"] });
  catalogued.add(db);
}

export async function makeOrg(db: Db, name = "Test Energy"): Promise<OrgFixture> {
  await ensureFixtureProducts(db);
  const { organisation, apiKey } = await createOrganisation(systemCtx(db), { name });
  return { id: organisation.id, number: organisation.number, apiKey: apiKey!.key, apiKeyId: apiKey!.id, ctx: systemCtx(db, "test", organisation.id) };
}

export async function makeSupplier(org: OrgFixture, opts: { status?: SupplierStatus; documentRoot?: string; code?: string } = {}) {
  return createSupplier(org.ctx, { code: opts.code ?? uniq("SUP"), status: opts.status ?? "Ongoing", documentRoot: opts.documentRoot ?? "file:///tmp/km-docs" });
}

export async function makeUser(org: OrgFixture, role: ConsoleRole) {
  const email = `${uniq("u").toLowerCase()}@example.com`;
  const password = "correct-horse-battery";
  const user = await createConsoleUser(org.ctx, { email, name: `${role} user`, password, role });
  return { ...user, password, organisationId: org.id };
}

let mp = 0;
/** A fresh valid MPAN (13 digits, right check digit) and MPRN on every call. */
export function meterIds() {
  mp += 1;
  const base = `${process.pid % 1000}`.padStart(3, "0") + `${Date.now() % 1e6}`.padStart(6, "0") + `${mp % 1000}`.padStart(3, "0");
  return { mpan: withMpanCheckDigit(base.slice(0, 12)), mprn: `9${base.slice(3, 12)}`.slice(0, 10) };
}

/** A valid create-or-update body; pass overrides to make it invalid. */
export function accountPayload(supplierCode: string, external = uniq("EXT"), overrides: Record<string, unknown> = {}) {
  const { mpan, mprn } = meterIds();
  return {
    import_supplier: supplierCode,
    external_account_number: external,
    billing_name: "Ada Lovelace",
    billing_address: { address_line_1: "1 Analytical Row", town: "London", postcode: "SW1A 1AA" },
    customers: [{ given_name: "Ada", family_name: "Lovelace", email: "ada@example.com", mobile: "07911 123456", landline: "020 7946 0000" }],
    supply_addresses: [
      {
        address_line_1: "1 Analytical Row",
        town: "London",
        postcode: "SW1A 1AA",
        electricity_meter_points: [
          {
            mpan,
            profile_class: 1,
            meters: [{ serial_number: `E${mpan.slice(-6)}`, registers: [{ identifier: "1", rate: "STANDARD" }] }],
            agreements: [{ tariff_code: "E-1R-VAR-22-11-01-C", valid_from: "2025-01-01T00:00:00Z" }],
          },
        ],
        gas_meter_points: [{ mprn, agreements: [{ tariff_code: "G-1R-VAR-22-11-01-C", valid_from: "2025-01-01T00:00:00Z" }] }],
      },
    ],
    last_statement_closing_date: "2026-10-31",
    ...overrides,
  };
}

/** Stages and imports one account through the services; returns its numbers and meter ids. */
export async function makeImportedAccount(org: OrgFixture, supplierCode: string, overrides: Record<string, unknown> = {}) {
  const payload = StageAccountInput.parse(accountPayload(supplierCode, uniq("EXT"), overrides));
  await stageAccount(org.ctx, payload);
  const result = await processAccountImport(org.ctx, { import_supplier: supplierCode, external_account_number: payload.external_account_number, dry_run: false });
  const sa = payload.supply_addresses[0];
  return {
    accountNumber: result.account_number,
    externalAccountNumber: payload.external_account_number,
    importSupplier: supplierCode,
    mpan: sa.electricity_meter_points[0]?.mpan,
    mprn: sa.gas_meter_points[0]?.mprn,
  };
}
