// Two jobs, one file:
//  - `tsx e2e/global-setup.ts seed` runs BEFORE the server starts (it is part of the webServer
//    command): it seeds a fresh database through the service verbs and writes e2e state.
//  - Playwright's globalSetup (the default export) runs once the server is up: it signs the
//    seeded users in through Auth.js's own endpoints and saves their storageState.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { request, type FullConfig } from "@playwright/test";
import { env } from "@/server/env.mjs";
import { testEnv } from "@/test/env.mjs";

export const STATE_DIR = path.resolve(testEnv.E2E_STATE_DIR);
export const SEED_FILE = path.join(STATE_DIR, "seed.json");
export const PASSWORD = "e2e-password-123";

export type Seed = {
  apiKey: string;
  organisation: string;
  suppliers: { ongoing: string; toPause: string; complete: string; forSupport: string };
  users: { operator: string; support: string; outsider: string };
  accounts: {
    accountNumber: string;
    externalAccountNumber: string;
    importSupplier: string;
    mpan: string;
    mprn: string;
  }[];
  /** The supplier production's example payloads name (TENTACLE_ENERGY), its documents written, its catalogue loaded. */
  exampleSupplier?: string;
  /** accounts[0]'s meters, with half-hourly reads over the 2026 autumn clock change. */
  consumption?: { mpan: string; elecSerial: string; mprn: string; gasSerial: string; intervals: number };
};

export function readSeed(): Seed {
  return JSON.parse(fs.readFileSync(SEED_FILE, "utf8")) as Seed;
}

export function storageStateFor(role: "operator" | "support"): string {
  return path.join(STATE_DIR, `${role}.json`);
}

/** Earlier runs' embedded databases (playwright.config.ts makes one per run under the temp dir). */
function removeStaleDatabases(keep: string | undefined) {
  const dir = os.tmpdir();
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (!name.startsWith("km-e2e-pglite-") || full === keep || full === `${keep}.lock`) continue;
    if (Date.now() - fs.statSync(full).mtimeMs > 6 * 3600_000) fs.rmSync(full, { recursive: true, force: true });
  }
}

async function seed() {
  removeStaleDatabases(env.PGLITE_DIR);
  const { openDatabase } = await import("@/db/client");
  const { systemCtx } = await import("@/server/context");
  const { loadDemoProducts } = await import("@/server/services/products/demo-products");
  const { loadConsumption } = await import("@/server/services/consumption/load-consumption");
  // The same factories as the vitest suite (by module: the barrel also holds tRPC callers).
  const { makeOrg } = await import("@/test/factories/organisation");
  const { makeSupplier } = await import("@/test/factories/supplier");
  const { makeUser } = await import("@/test/factories/console-user");
  const { makeImportedAccount } = await import("@/test/factories/account");

  const handle = await openDatabase();
  const sfx = Date.now().toString(36).toUpperCase();
  const sys = systemCtx(handle.db, "e2e-seed");
  // The shared product catalogue (its tariff codes are the ones the seeded accounts use).
  await loadDemoProducts(sys);
  // Agile as a demo loaded ten days ago also left it: enough half hours for a full 1,500-rate page.
  await loadDemoProducts(sys, { only: ["AGILE-24-10-01"], now: new Date(Date.now() - 10 * 86_400_000) });
  const org = await makeOrg(handle.db, { name: "Bright Sparks Energy", actor: "e2e-seed", products: false });
  const suppliers = {
    ongoing: `BRIGHT-${sfx}`,
    toPause: `COHORT-B-${sfx}`,
    complete: `LEGACY-${sfx}`,
    forSupport: `SUPPORT-${sfx}`,
  };
  await makeSupplier(org, {
    code: suppliers.ongoing,
    name: "Bright Sparks main book",
    documentRoot: `s3://bright-sparks/${sfx}/docs`,
  });
  await makeSupplier(org, {
    code: suppliers.toPause,
    name: "Cohort B (prepay)",
    documentRoot: `s3://bright-sparks/${sfx}/cohort-b`,
  });
  await makeSupplier(org, {
    code: suppliers.complete,
    name: "Legacy book",
    documentRoot: `file:///srv/legacy/${sfx}`,
    status: "Complete",
  });
  await makeSupplier(org, {
    code: suppliers.forSupport,
    name: "Support walkthrough",
    documentRoot: `s3://bright-sparks/${sfx}/support`,
  });
  // Production's example payloads (test/factories/production-examples.ts): their supplier, documents and products.
  const examples = await import("@/test/factories/production-examples");
  const { demoDocumentRoot } = await import("@/server/services/documents/locations");
  const exampleRoot = `${demoDocumentRoot()}/${org.number}/production-example`;
  examples.writeExampleDocuments(fileURLToPath(exampleRoot));
  await makeSupplier(org, {
    code: examples.EXAMPLE.supplier,
    name: "Production's example supplier",
    documentRoot: exampleRoot,
  });
  const { loadProducts } = await import("@/server/services/products/load-products");
  await loadProducts(sys, examples.exampleCatalogue());
  const users = {
    operator: `operator-${sfx}@e2e.test`.toLowerCase(),
    support: `support-${sfx}@e2e.test`.toLowerCase(),
    outsider: `outsider-${sfx}@e2e.test`.toLowerCase(),
  };
  await makeUser(org, "operator", { email: users.operator, name: "Olivia Operator", password: PASSWORD });
  await makeUser(org, "support", { email: users.support, name: "Sam Support", password: PASSWORD });
  const other = await makeOrg(handle.db, { name: "Elsewhere Power", actor: "e2e-seed", products: false });
  await makeUser(other, "operator", { email: users.outsider, name: "Oscar Outsider", password: PASSWORD });

  const accounts: Seed["accounts"] = [];
  const closing = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(
    new Date(Date.now() - 20 * 86_400_000),
  );
  const names = [
    ["Ada", "Lovelace"],
    ["Grace", "Hopper"],
    ["Alan", "Turing"],
  ];
  for (const [i, [given, family]] of names.entries()) {
    // Production's EnergyAccount (both fuels, meters, registers, a transfer reading), as a migration script sends it.
    const a = await makeImportedAccount(org, suppliers.ongoing, {
      external_account_number: `BS-${sfx}-${i + 1}`,
      billing_name: `${given} ${family}`,
      billing_address1: `${i + 1} Analytical Row`,
      customers: [
        { given_name: given, family_name: family, email: `${given.toLowerCase()}@example.com`, mobile: "07911 123456" },
      ],
      last_billed_to_date: closing,
    });
    accounts.push({
      accountNumber: a.accountNumber,
      externalAccountNumber: a.externalAccountNumber,
      importSupplier: a.importSupplier,
      mpan: a.mpan!,
      mprn: a.mprn!,
    });
  }
  // 2026-10-24 00:00 BST to 2026-10-27 00:00 GMT (146 half hours) for the first account's two meters
  // (test/factories/account.ts names them E/G + the MPAN's/MPRN's last six digits).
  const first = accounts[0];
  const consumption = {
    mpan: first.mpan,
    elecSerial: `E${first.mpan.slice(-6)}`,
    mprn: first.mprn,
    gasSerial: `G${first.mprn.slice(-6)}`,
    intervals: 146,
  };
  const rows = ["mpxn,serial_number,interval_start,consumption"];
  for (let i = 0; i < consumption.intervals; i++) {
    const at = new Date(Date.parse("2026-10-23T23:00:00Z") + i * 1_800_000).toISOString();
    rows.push(
      `${first.mpan},${consumption.elecSerial},${at},${(0.1 + (i % 10) * 0.01).toFixed(3)}`,
      `${first.mprn},${consumption.gasSerial},${at},0.5`,
    );
  }
  await loadConsumption(org.ctx, {
    chunks: (async function* () {
      yield rows.join("\n");
    })(),
    format: "csv",
  });
  await handle.close();
  const state: Seed = {
    apiKey: org.apiKey,
    organisation: org.number,
    suppliers,
    users,
    accounts,
    consumption,
    exampleSupplier: "TENTACLE_ENERGY",
  };
  fs.mkdirSync(STATE_DIR, { recursive: true });
  fs.writeFileSync(SEED_FILE, JSON.stringify(state, null, 2));
  console.log(`e2e seed: organisation ${org.number}, suppliers ${Object.values(suppliers).join(", ")}`);
}

/** Signs in through Auth.js's CSRF + credentials callback, as the browser form would, and keeps the cookies. */
async function signInState(baseURL: string, email: string, file: string) {
  const ctx = await request.newContext({ baseURL });
  const { csrfToken } = (await (await ctx.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await ctx.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password: PASSWORD, callbackUrl: "/suppliers" },
    maxRedirects: 0,
  });
  if (res.status() !== 302 || (res.headers().location ?? "").includes("error"))
    throw new Error(`sign-in for ${email} failed: ${res.status()} ${res.headers().location}`);
  await ctx.storageState({ path: file });
  await ctx.dispose();
}

export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL ?? "http://127.0.0.1:3100";
  const s = readSeed();
  await signInState(baseURL, s.users.operator, storageStateFor("operator"));
  await signInState(baseURL, s.users.support, storageStateFor("support"));
}

if (process.argv[2] === "seed") {
  seed().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
