import path from "node:path";
import { pathToFileURL } from "node:url";
import { Command } from "commander";
import { isDatabaseEmpty, loadDemo } from "../../services/demo/load-demo";
import { cliDb, print } from "../runtime";

function documentRoot() {
  return process.env.DEMO_DOCUMENT_ROOT ?? pathToFileURL(path.resolve(process.cwd(), ".data", "documents")).toString();
}

async function runDemo(o: { json?: boolean }) {
  const db = await cliDb();
  const demo = await loadDemo(db, { documentRoot: documentRoot(), });
  print(o, demo, () =>
    [
      "Loaded the demo data set.",
      `  Organisation  ${demo.organisation.number} (${demo.organisation.name})`,
      `  API key       ${demo.apiKey}   <- shown once; use it as "Authorization: Token <key>"`,
      ...demo.users.map((u) => `  Console       ${u.email} / ${u.password} (${u.role})`),
      `  Suppliers     ${Object.values(demo.suppliers).map((s) => `${s.code} (${s.status})`).join(", ")}`,
      `  Accounts      ${demo.importedAccounts.join(", ")} imported; LEGACY-100203 staged`,
    ].join("\n"),
  );
}

export function demoCommand(): Command {
  return new Command("demo").description("Load the demo data set").option("--json", "machine-readable output").action(runDemo);
}

/** Used by `npm start`: migrate, and on an empty database load the demo set once. */
export function bootstrapCommand(): Command {
  return new Command("bootstrap")
    .description("Apply migrations; load the demo data set when the database is empty")
    .option("--json", "machine-readable output")
    .option("--no-demo", "never load the demo data set")
    .action(async (o) => {
      const db = await cliDb();
      if (o.demo && (await isDatabaseEmpty(db))) return runDemo(o);
      print(o, { migrated: true, demo: false }, () => "Database is up to date.");
    });
}
