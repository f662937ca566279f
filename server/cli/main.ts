import { Command } from "commander";
import { ServiceError } from "../errors";
import { bootstrapCommand, demoCommand } from "./commands/demo";
import { apiKeyCommand, orgCommand } from "./commands/org";
import { productsCommand } from "./commands/products";
import { supplierCommand } from "./commands/supplier";
import { userCommand } from "./commands/user";
import { closeCliDb } from "./runtime";

const program = new Command("cli")
  .description("Operator tooling for the account-migration platform (DATABASE_URL or the embedded ./.data database)")
  .showHelpAfterError();

for (const cmd of [orgCommand(), apiKeyCommand(), supplierCommand(), userCommand(), productsCommand(), demoCommand(), bootstrapCommand()]) program.addCommand(cmd);

async function main() {
  try {
    await program.parseAsync(process.argv);
  } catch (err) {
    const json = process.argv.includes("--json");
    if (err instanceof ServiceError) {
      if (json) console.error(JSON.stringify(err.body ?? err.toBody(), null, 2));
      else console.error(`error: ${err.message}${err.errors.length ? "\n" + err.errors.map((e) => `  ${e.attr ?? "-"}: ${e.detail} (${e.code})`).join("\n") : ""}`);
    } else if (err && typeof err === "object" && "issues" in err) {
      console.error(`error: invalid input\n${(err as { issues: { path: unknown[]; message: string }[] }).issues.map((i) => `  ${i.path.join(".") || "-"}: ${i.message}`).join("\n")}`);
    } else {
      console.error(`error: ${(err as Error).message}`);
    }
    process.exitCode = 1;
  } finally {
    await closeCliDb();
  }
}

await main();
