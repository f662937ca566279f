import { Command, InvalidArgumentError } from "commander";
import { systemCtx } from "../../context";
import { createOrganisation } from "../../services/organisations/create-organisation";
import { invalidateApiKey } from "../../services/organisations/invalidate-api-key";
import { issueApiKey } from "../../services/organisations/issue-api-key";
import { listApiKeys } from "../../services/organisations/list-api-keys";
import { rollApiKey } from "../../services/organisations/roll-api-key";
import { cliDb, orgCtx, print, table } from "../runtime";

export function orgCommand(): Command {
  const org = new Command("org").description("Organisations (migrating companies)");
  org
    .command("create")
    .description("Create an organisation and issue its first API key (shown once)")
    .requiredOption("--name <name>", "organisation name")
    .option("--number <ORG-XXXX>", "organisation number (generated if omitted)")
    .option("--json", "machine-readable output")
    .action(async (o) => {
      const { organisation, apiKey } = await createOrganisation(systemCtx(await cliDb(), "cli"), {
        name: o.name,
        number: o.number,
      });
      print(o, { organisation, api_key: apiKey }, () =>
        [
          `Created organisation ${organisation.number} (${organisation.name}).`,
          `API key (shown once, store it now): ${apiKey!.key}`,
        ].join("\n"),
      );
    });
  return org;
}

/** `--id` of a key: a positive whole number, refused by commander (with usage) otherwise. */
export function keyId(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new InvalidArgumentError("Expected a key id (a positive whole number; see `api-key list`).");
  return Number(raw);
}

export function apiKeyCommand(): Command {
  const keys = new Command("api-key").description("Organisation API keys");
  const withOrg = (c: Command) =>
    c
      .option("--org <ORG-XXXX>", "organisation number (optional when there is only one)")
      .option("--json", "machine-readable output");
  withOrg(keys.command("create").description("Issue a new API key (shown once)")).action(async (o) => {
    const key = await issueApiKey(await orgCtx(o.org), {});
    print(o, key, () => `API key ${key.id} (shown once, store it now): ${key.key}`);
  });
  withOrg(keys.command("list").description("List keys with their state and last use")).action(async (o) => {
    const rows = await listApiKeys(await orgCtx(o.org));
    print(o, rows, () =>
      table(
        rows.map((r) => ({
          id: r.id,
          prefix: r.prefix,
          created: r.createdAt,
          invalidated: r.invalidatedAt,
          last_used: r.lastUsedAt,
        })),
      ),
    );
  });
  withOrg(
    keys
      .command("roll")
      .description("Invalidate a key and issue its replacement")
      .requiredOption("--id <n>", "key id (see `api-key list`)", keyId),
  ).action(async (o) => {
    const key = await rollApiKey(await orgCtx(o.org), { keyId: o.id });
    print(o, key, () => `Key ${o.id} invalidated. New key ${key.id} (shown once): ${key.key}`);
  });
  withOrg(
    keys
      .command("invalidate")
      .description("Invalidate a key; its tokens stop working")
      .requiredOption("--id <n>", "key id (see `api-key list`)", keyId),
  ).action(async (o) => {
    const res = await invalidateApiKey(await orgCtx(o.org), { keyId: o.id });
    print(o, res, () => `Key ${res.id} invalidated.`);
  });
  return keys;
}
