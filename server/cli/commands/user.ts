import { Command, Option } from "commander";
import { CONSOLE_ROLES } from "@/db/schema";
import { createConsoleUser } from "../../services/users/create-console-user";
import { removeConsoleUser } from "../../services/users/remove-console-user";
import { updateConsoleUser } from "../../services/users/update-console-user";
import { orgCtx, print } from "../runtime";
import { env } from "@/server/env.mjs";

export function userCommand(): Command {
  const user = new Command("user").description("Console users");
  user
    .command("create")
    .description("Create a console user (password from --password or the CONSOLE_PASSWORD variable)")
    .requiredOption("--email <email>", "sign-in e-mail")
    .requiredOption("--name <name>", "display name")
    .addOption(new Option("--role <role>", "operator or support").choices(CONSOLE_ROLES).makeOptionMandatory())
    .option("--password <password>", "at least 10 characters")
    .option("--org <ORG-XXXX>", "organisation number (optional when there is only one)")
    .option("--json", "machine-readable output")
    .action(async (o) => {
      const password = o.password ?? env.CONSOLE_PASSWORD;
      if (!password) throw new Error("Give --password or set CONSOLE_PASSWORD.");
      const u = await createConsoleUser(await orgCtx(o.org), { email: o.email, name: o.name, role: o.role, password });
      print(o, u, () => `Created ${u.role} ${u.email}.`);
    });
  user
    .command("update")
    .description(
      "Change a console user's name, role or password (a new role or password signs the user out everywhere)",
    )
    .requiredOption("--email <email>", "sign-in e-mail")
    .option("--name <name>", "display name")
    .addOption(new Option("--role <role>", "operator or support").choices(CONSOLE_ROLES))
    .option("--password <password>", "new password, at least 10 characters")
    .option("--org <ORG-XXXX>", "organisation number (optional when there is only one)")
    .option("--json", "machine-readable output")
    .action(async (o) => {
      const u = await updateConsoleUser(await orgCtx(o.org), {
        email: o.email,
        name: o.name,
        role: o.role,
        password: o.password,
      });
      print(o, u, () => `Updated ${u.role} ${u.email}.${u.sessionsEnded ? " Their sessions have ended." : ""}`);
    });
  user
    .command("remove")
    .description("Remove a console user (their sessions end at once)")
    .requiredOption("--email <email>", "sign-in e-mail")
    .option("--org <ORG-XXXX>", "organisation number (optional when there is only one)")
    .option("--json", "machine-readable output")
    .action(async (o) => {
      const u = await removeConsoleUser(await orgCtx(o.org), { email: o.email });
      print(o, u, () => `Removed ${u.role} ${u.email}.`);
    });
  return user;
}
