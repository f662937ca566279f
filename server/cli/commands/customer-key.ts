import { Command } from "commander";
import { issueCustomerKey } from "../../services/customers/issue-customer-key";
import { listCustomerKeys } from "../../services/customers/list-customer-keys";
import { revokeCustomerKey } from "../../services/customers/revoke-customer-key";
import { orgCtx, print, table } from "../runtime";
import { keyId } from "./org";

/** Customer API keys: a customer's own key reads only the accounts naming their e-mail (ADR 0207). */
export function customerKeyCommand(): Command {
  const keys = new Command("customer-key").description(
    "Customer API keys (a customer's own key: reads only their accounts)",
  );
  const withOrg = (c: Command) =>
    c
      .option("--org <ORG-XXXX>", "organisation number (optional when there is only one)")
      .option("--json", "machine-readable output");
  withOrg(
    keys
      .command("create")
      .description("Issue a key for one of the account's customers (shown once)")
      .requiredOption("--account <A-XXXXXXXX>", "the account number")
      .requiredOption("--email <address>", "the customer's e-mail address, as imported"),
  ).action(async (o) => {
    const key = await issueCustomerKey(await orgCtx(o.org), { accountNumber: o.account, email: o.email });
    print(o, key, () => `Customer key ${key.id} for ${key.email} (shown once, store it now): ${key.key}`);
  });
  withOrg(
    keys
      .command("list")
      .description("Keys of the account's customers")
      .requiredOption("--account <A-XXXXXXXX>", "the account number"),
  ).action(async (o) => {
    const rows = await listCustomerKeys(await orgCtx(o.org), { accountNumber: o.account });
    print(o, rows, () =>
      table(
        rows.map((r) => ({
          id: r.id,
          email: r.email,
          prefix: r.prefix,
          created: r.createdAt,
          revoked: r.invalidatedAt,
          last_used: r.lastUsedAt,
        })),
      ),
    );
  });
  withOrg(
    keys
      .command("revoke")
      .description("Revoke a key; its tokens stop working at once")
      .requiredOption("--id <n>", "key id (see `customer-key list`)", keyId),
  ).action(async (o) => {
    const res = await revokeCustomerKey(await orgCtx(o.org), { keyId: o.id });
    print(o, res, () => `Customer key ${res.id} revoked.`);
  });
  return keys;
}
