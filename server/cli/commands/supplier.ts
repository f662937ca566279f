import { Command, Option } from "commander";
import { SUPPLIER_STATUSES } from "@/db/schema";
import { createSupplier } from "../../services/suppliers/create-supplier";
import { listSuppliers } from "../../services/suppliers/list-suppliers";
import { setSupplierStatus } from "../../services/suppliers/set-supplier-status";
import { updateSupplier } from "../../services/suppliers/update-supplier";
import { orgCtx, print, table } from "../runtime";

const statusOption = () => new Option("--status <status>", "Ongoing, Paused or Complete").choices(SUPPLIER_STATUSES);

export function supplierCommand(): Command {
  const sup = new Command("supplier").description("Import suppliers (groups of migrated accounts)");
  const common = (c: Command) =>
    c
      .option("--org <ORG-XXXX>", "organisation number (optional when there is only one)")
      .option("--json", "machine-readable output");
  common(
    sup
      .command("create")
      .description("Create an import supplier")
      .requiredOption("--code <code>", "supplier code, sent as import_supplier")
      .option(
        "--document-root <url>",
        "file:///path or s3://bucket/prefix; left out: the organisation's own folder of the platform's store (ADR 0423)",
      )
      .option("--name <name>", "display name")
      .addOption(statusOption().default("Ongoing"))
      .option("--send-automated-emails", "send automated customer e-mails on migration", false),
  ).action(async (o) => {
    const s = await createSupplier(await orgCtx(o.org), {
      code: o.code,
      name: o.name,
      status: o.status,
      documentRoot: o.documentRoot,
      sendAutomatedEmails: o.sendAutomatedEmails,
    });
    print(o, s, () => `Created import supplier ${s.code} (${s.status}), documents at ${s.documentRoot}.`);
  });
  common(
    sup
      .command("update")
      .description("Change a supplier's name, document root or e-mail flag")
      .requiredOption("--code <code>", "supplier code")
      .option("--name <name>", "display name")
      .option("--document-root <url>", "file:///path or s3://bucket/prefix")
      .addOption(new Option("--send-automated-emails <bool>", "true or false").choices(["true", "false"])),
  ).action(async (o) => {
    const flag = o.sendAutomatedEmails === undefined ? undefined : o.sendAutomatedEmails === "true";
    const s = await updateSupplier(await orgCtx(o.org), {
      code: o.code,
      name: o.name,
      documentRoot: o.documentRoot,
      sendAutomatedEmails: flag,
    });
    print(o, s, () => `Updated import supplier ${s.code}.`);
  });
  common(
    sup
      .command("status")
      .description("Change a supplier's status")
      .requiredOption("--code <code>", "supplier code")
      .addOption(statusOption().makeOptionMandatory()),
  ).action(async (o) => {
    const s = await setSupplierStatus(await orgCtx(o.org), { code: o.code, status: o.status });
    print(o, s, () => `Import supplier ${s.code} is now ${s.status}.`);
  });
  common(sup.command("list").description("List suppliers with account counts")).action(async (o) => {
    const rows = await listSuppliers(await orgCtx(o.org));
    print(o, rows, () =>
      table(
        rows.map((s) => ({
          code: s.code,
          status: s.status,
          staged: s.counts.staged,
          imported: s.counts.imported,
          failed: s.counts.failed,
          documents: s.documentRoot,
        })),
      ),
    );
  });
  return sup;
}
