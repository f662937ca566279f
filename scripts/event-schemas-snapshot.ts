// `npm run events:snapshot`: freezes every catalogue (type, version)'s payload schema into
// server/events/schema-snapshot.json. server/events/schema-compat.test.ts fails when a frozen
// schema changes in a way a consumer of that version could notice (ADR 0305); a new version
// (or a new type) is frozen by running this again. Never run it to make a break pass.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SNAPSHOT_FILE, catalogueSchemas } from "../server/events/schema-compat";

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", SNAPSHOT_FILE);
const before = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>) : {};
const now = catalogueSchemas();
fs.writeFileSync(file, `${JSON.stringify(now, null, 1)}\n`);
const added = Object.keys(now).filter((k) => !(k in before));
console.log(
  `${path.relative(process.cwd(), file)}: ${Object.keys(now).length} schemas${added.length > 10 ? `, ${added.length} newly frozen` : added.length ? `, newly frozen: ${added.join(", ")}` : ""}`,
);
