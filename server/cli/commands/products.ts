import { readFile } from "node:fs/promises";
import { Command } from "commander";
import type { Db } from "@/db/client";
import { systemCtx } from "../../context";
import { ServiceError } from "../../errors";
import { demoProducts } from "../../services/products/demo-products";
import { loadProducts } from "../../services/products/load-products";
import { cliDb } from "../runtime";

type Opened = { db: Db; close: () => Promise<void> };
type Deps = { database?: () => Promise<Opened>; out?: (line: string) => void; err?: (line: string) => void };

const MAX_ERRORS_SHOWN = 50;

/** `products load FILE` / `products load-demo`: validate, then upsert in one transaction. */
export function productsCommand(deps: Deps = {}): Command {
  const out = deps.out ?? ((l: string) => console.log(l));
  const err = deps.err ?? ((l: string) => console.error(l));
  // The CLI's shared handle (DATABASE_URL or PGLITE_DIR); main.ts closes it on exit.
  const database = deps.database ?? (async () => ({ db: await cliDb(), close: async () => {} }));
  const cmd = new Command("products").description(
    "Load the public product catalogue (products, regional tariffs, rates)",
  );

  const run = async (
    source: string,
    read: () => Promise<unknown>,
    opts: { replaceRates?: boolean; json?: boolean; demo?: boolean },
  ) => {
    let raw: unknown;
    try {
      raw = await read();
    } catch (e) {
      if (opts.json)
        err(JSON.stringify({ detail: `${source}: ${(e as Error).message}`, code: "unreadable_file", errors: [] }));
      else err(`${source}: ${(e as Error).message}`);
      process.exitCode = 1;
      return;
    }
    const handle = await database();
    try {
      const summary = await loadProducts(systemCtx(handle.db, "cli"), raw, {
        replaceRates: opts.replaceRates,
        source: opts.demo ? "demo" : "file",
      });
      if (opts.json) out(JSON.stringify(summary));
      else {
        const line = (name: string, c: Record<string, number>) =>
          `  ${name}: ${Object.entries(c)
            .map(([k, v]) => `${v} ${k}`)
            .join(", ")}`;
        out(`Loaded ${source} (catalogue version ${summary.catalogue_version})`);
        out(line("products", summary.products));
        out(line("tariffs", summary.tariffs));
        out(line("rates", summary.rates));
      }
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      process.exitCode = 1;
      if (opts.json)
        return err(JSON.stringify({ ...e.toBody(), detail: `${source}: ${e.message} Nothing was loaded.` }));
      err(`${source}: ${e.message} Nothing was loaded.`);
      for (const fe of e.errors.slice(0, MAX_ERRORS_SHOWN)) err(`  ${fe.attr ?? "(file)"}: ${fe.detail} [${fe.code}]`);
      if (e.errors.length > MAX_ERRORS_SHOWN) err(`  ... and ${e.errors.length - MAX_ERRORS_SHOWN} more`);
    } finally {
      await handle.close();
    }
  };

  cmd
    .command("load")
    .description("Load a products JSON file (format: docs/public-api.md); re-loading the same file changes nothing")
    .argument("<file>", "path to the products JSON file")
    .option("--replace-rates", "delete rates of the file's tariffs that the file does not list")
    .option("--json", "print the summary as JSON")
    .action((file: string, opts: { replaceRates?: boolean; json?: boolean }) =>
      run(
        file,
        async () => {
          const text = await readFile(file, "utf8");
          try {
            return JSON.parse(text);
          } catch (e) {
            throw new Error(`not valid JSON (${(e as Error).message})`);
          }
        },
        opts,
      ),
    );

  cmd
    .command("load-demo")
    .description(
      "Load the demo catalogue as at today (9 products, 14 regions, Agile half-hourly rates for the last 30 days through the last published day); the app keeps it current",
    )
    .option("--json", "print the summary as JSON")
    .action((opts: { json?: boolean }) => run("demo catalogue", async () => demoProducts(), { ...opts, demo: true }));

  return cmd;
}
