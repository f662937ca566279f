import type { Db } from "@/db/client";
import { type Ctx, systemCtx } from "@/server/context";
import { createOrganisation } from "@/server/services/organisations/create-organisation";
import { issueApiKey } from "@/server/services/organisations/issue-api-key";
import { loadDemoProducts } from "@/server/services/products/demo-products";

export type OrgFixture = { id: number; number: string; apiKey: string; apiKeyId: number; ctx: Ctx };

export type OrgOptions = {
  name?: string;
  /** The system actor's label on everything made through `ctx` (audit rows, events). */
  actor?: string;
  /** Load the catalogue product the fixture accounts' tariffs use (default true). */
  products?: boolean;
};

const catalogued = new WeakSet<Db>();

/** The catalogue product whose tariffs the fixture accounts use, loaded once per database. */
export async function ensureFixtureProducts(db: Db) {
  if (catalogued.has(db)) return;
  await loadDemoProducts(systemCtx(db, "fixtures"), { only: ["VAR-22-11-01"] });
  catalogued.add(db);
}

/** An organisation with one live API key, made as the platform (system actor) makes it. */
export async function makeOrg(db: Db, nameOrOptions: string | OrgOptions = {}): Promise<OrgFixture> {
  const opts = typeof nameOrOptions === "string" ? { name: nameOrOptions } : nameOrOptions;
  if (opts.products !== false) await ensureFixtureProducts(db);
  const { organisation, apiKey } = await createOrganisation(systemCtx(db, opts.actor), {
    name: opts.name ?? "Test Energy",
  });
  return {
    id: organisation.id,
    number: organisation.number,
    apiKey: apiKey!.key,
    apiKeyId: apiKey!.id,
    ctx: systemCtx(db, opts.actor ?? "test", organisation.id),
  };
}

/** Another live API key for the organisation; `key` is the clear key, shown once. */
export async function makeApiKey(org: OrgFixture) {
  return issueApiKey(org.ctx, {});
}
