import { Command } from "commander";
import { logToStderr } from "../logger";
import { consumptionCommand } from "./commands/consumption";
import { customerKeyCommand } from "./commands/customer-key";
import { bootstrapCommand, demoCommand } from "./commands/demo";
import { apiKeyCommand, orgCommand } from "./commands/org";
import { productsCommand } from "./commands/products";
import { supplierCommand } from "./commands/supplier";
import { userCommand } from "./commands/user";
import { errorOutput } from "./errors";
import { closeCliDb } from "./runtime";

// stdout carries the command's output (parsed by scripts with --json); logs go to stderr.
logToStderr();

const program = new Command("cli")
  .description("Operator tooling for the account-migration platform (DATABASE_URL or the embedded ./.data database)")
  .showHelpAfterError();

for (const cmd of [orgCommand(), apiKeyCommand(), customerKeyCommand(), supplierCommand(), userCommand(), productsCommand(), consumptionCommand(), demoCommand(), bootstrapCommand()]) program.addCommand(cmd);

async function main() {
  try {
    await program.parseAsync(process.argv);
  } catch (err) {
    console.error(errorOutput(err, process.argv.includes("--json")));
    process.exitCode = 1;
  } finally {
    await closeCliDb();
  }
}

await main();
