import { Command, CommanderError } from "commander";
import { consumptionCommand } from "./commands/consumption";
import { customerKeyCommand } from "./commands/customer-key";
import { bootstrapCommand, demoCommand } from "./commands/demo";
import { apiKeyCommand, orgCommand } from "./commands/org";
import { productsCommand } from "./commands/products";
import { smartDevicesCommand } from "./commands/smart-devices";
import { supplierCommand } from "./commands/supplier";
import { userCommand } from "./commands/user";
import { errorOutput } from "./errors";
import { closeCliDb } from "./runtime";

/** Every operator command, in a fresh program (commander keeps what it parsed on its commands). */
export function cliProgram(): Command {
  const program = new Command("cli")
    .description("Operator tooling for the account-migration platform (DATABASE_URL or the embedded ./.data database)")
    .showHelpAfterError();
  for (const cmd of [
    orgCommand(),
    apiKeyCommand(),
    customerKeyCommand(),
    supplierCommand(),
    userCommand(),
    productsCommand(),
    consumptionCommand(),
    smartDevicesCommand(),
    demoCommand(),
    bootstrapCommand(),
  ])
    program.addCommand(cmd);
  return program;
}

/**
 * Runs one command line (`argv` as in process.argv): a failure goes to stderr (as JSON with
 * --json) and sets the exit code to 1, and the database is closed. Commander's own refusals (an
 * unknown option, a value not among the choices) exit the process, unless the program was given
 * `exitOverride()`, as the tests' in-process runs do: then the exit code is commander's.
 */
export async function runCli(program: Command, argv: string[]) {
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) process.exitCode = err.exitCode;
    else {
      console.error(errorOutput(err, argv.includes("--json")));
      process.exitCode = 1;
    }
  } finally {
    await closeCliDb();
  }
}
