#!/usr/bin/env node
// Derives the event catalogue's (type, version) list from the spec documents, so the
// checked-in server/events/catalogue-list.txt and the zod registry cannot drift from them.
//
//   node scripts/derive-event-list.mjs [specDir]           print "type version" lines
//   node scripts/derive-event-list.mjs --write [specDir]   rewrite catalogue-list.txt
//   node scripts/derive-event-list.mjs --fields [specDir]  print each entry's fields as JSON
//
// specDir defaults to ../shared/spec beside the repository root.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LIST_FILE = path.join(repoRoot, "server/events/catalogue-list.txt");
const PRIMITIVES = { S: "string", I: "integer", N: "number", B: "boolean", O: "object" };

function sections(markdown, heading) {
  const out = [];
  let inside = false;
  for (const line of markdown.split("\n")) {
    if (/^#{1,3} /.test(line)) inside = line.trim() === heading;
    else if (inside) out.push(line);
  }
  return out;
}

function splitTopLevel(text, separator) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}") depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** Shared shapes: NAME -> raw text, braced ("{...}") or a field list spliced into payloads. */
function parseShapes(markdown, shapes) {
  for (const line of sections(markdown, "### Shared shapes")) {
    if (!line.startsWith("- ")) continue;
    for (const def of splitTopLevel(line.slice(2), "; ")) {
      const m = /^([A-Z][A-Z_]*)(?:\s*\([^)]*\))?\s*=\s*(.+)$/.exec(def);
      if (!m) throw new Error(`Unreadable shape definition: ${def}`);
      let body = m[2].replace(/^[a-z]+(?: [a-z]+)+:\s*/, "");
      if (body.startsWith("{")) body = body.slice(0, body.lastIndexOf("}") + 1);
      if (shapes.has(m[1]) && shapes.get(m[1]) !== body) {
        throw new Error(`Shape ${m[1]} is defined twice, differently`);
      }
      shapes.set(m[1], body);
    }
  }
}

/** Header of an event line: `type` version, joined by "," / "and"; returns the rest. */
function parseHeader(text, line) {
  const entries = [];
  let rest = text;
  for (;;) {
    const m = /^`([^`]+)`\s+(?:payload version\s+`([^`]+)`|(v\d+))/.exec(rest);
    if (!m) throw new Error(`Unreadable event line: ${line}`);
    entries.push({ name: m[1], version: m[2] ?? m[3] });
    rest = rest.slice(m[0].length);
    const sep = /^(?:,\s*(?:and\s+)?|\s+and\s+)/.exec(rest);
    if (!sep) break;
    rest = rest.slice(sep[0].length);
  }
  if (!rest.startsWith(":")) throw new Error(`Expected ':' after the types in: ${line}`);
  return { entries, fields: rest.slice(1).trim() };
}

// "`a.created` v1 and `.removed` v1" and "`x.step_completed` v2 and `...step_initiated` v2"
// name a sibling of the previous type: same prefix up to its last dot.
function resolveName(name, previous) {
  if (!name.startsWith(".")) return name;
  if (!previous) throw new Error(`Shorthand ${name} without a preceding type`);
  return `${previous.slice(0, previous.lastIndexOf("."))}.${name.replace(/^\.+/, "")}`;
}

/** Splits "v1 fields; v2: fields" and expands "the same plus" / "vN plus" to full lists. */
function versionedFields(version, fieldsText) {
  const [first, ...later] = fieldsText.split(/;\s*(?=v\d+:)/);
  const texts = new Map([[version, first.trim()]]);
  let previous = version;
  for (const part of later) {
    const m = /^(v\d+):\s*(.*)$/.exec(part.trim());
    let text = m[2];
    const plus = /^(the same|v\d+) plus (.*)$/.exec(text);
    if (plus) {
      const base = texts.get(plus[1] === "the same" ? previous : plus[1]);
      if (base === undefined) throw new Error(`"${plus[1]} plus" refers to no version`);
      text = `${base}, ${plus[2]}`;
    }
    texts.set(m[1], text);
    previous = m[1];
  }
  return texts;
}

export function parseEventEntries(markdown) {
  const entries = [];
  let inherited = null;
  let previousName = null;
  for (const line of sections(markdown, "### Event types")) {
    const nested = /^\s+- `([^`]+)`\s*$/.exec(line);
    if (nested) {
      if (!inherited) throw new Error(`Nested event without a version: ${line}`);
      entries.push({ type: nested[1], version: inherited.version, fields: inherited.fields });
      continue;
    }
    if (!line.startsWith("- ")) continue;
    if (!line.startsWith("- `")) {
      // A grouping bullet such as "Disputed-reading events, all v1 and all with the payload DISPUTE:"
      const version = /\ball (v\d+)\b/.exec(line)?.[1];
      const fields = /\bpayload ([A-Z][A-Z_]*)\b/.exec(line)?.[1];
      inherited = version && fields ? { version, fields } : null;
      continue;
    }
    inherited = null;
    const header = parseHeader(line.slice(2), line);
    const multi = header.entries.length > 1;
    for (const { name, version } of header.entries) {
      const type = resolveName(name, previousName);
      previousName = type;
      const texts = versionedFields(version, header.fields);
      if (multi && texts.size > 1) throw new Error(`Several types with later versions: ${line}`);
      for (const [v, fields] of texts) entries.push({ type, version: v, fields });
    }
  }
  return entries;
}

function parseType(text, shapes) {
  const array = text.endsWith("[]");
  const base = array ? text.slice(0, -2) : text;
  if (PRIMITIVES[base]) return { label: PRIMITIVES[base], array };
  const body = base.startsWith("{") ? base : shapes.get(base);
  if (!body?.startsWith("{")) throw new Error(`Unknown field type ${text}`);
  return { label: "object", array, fields: parseFieldList(body.slice(1, -1), shapes) };
}

function parseFieldList(text, shapes) {
  const fields = [];
  for (const item of splitTopLevel(text.replace(/\s+plus\s+/g, ", "), ", ")) {
    const m = /^(\w+)(\*?):(.+)$/.exec(item);
    if (m) {
      fields.push({ name: m[1], required: m[2] === "*", type: parseType(m[3], shapes) });
    } else if (shapes.has(item) && !shapes.get(item).startsWith("{")) {
      fields.push(...parseFieldList(shapes.get(item), shapes));
    } else {
      throw new Error(`Unreadable field ${item}`);
    }
  }
  return fields;
}

/** Same rows as describeEventFields: {path, type, required}, arrays as "T[]". */
function flatten(fields, prefix = "", out = []) {
  for (const { name, required, type } of fields) {
    const path = `${prefix}${name}`;
    out.push({ path, type: type.array ? `${type.label}[]` : type.label, required });
    if (type.fields) flatten(type.fields, `${path}${type.array ? "[]" : ""}.`, out);
  }
  return out;
}

const byCodeUnits = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

export function deriveCatalogue(specDir) {
  if (!existsSync(specDir)) throw new Error(`Spec folder not found: ${specDir}`);
  const docs = readdirSync(specDir)
    .filter((f) => /^\d+-events-.*\.md$/.test(f))
    .sort()
    .map((f) => readFileSync(path.join(specDir, f), "utf8"));
  if (docs.length === 0) throw new Error(`No event catalogue documents in ${specDir}`);
  const shapes = new Map();
  docs.forEach((doc) => parseShapes(doc, shapes));
  const entries = docs.flatMap(parseEventEntries);
  const keys = entries.map((e) => `${e.type} ${e.version}`);
  const duplicate = keys.find((k, i) => keys.indexOf(k) !== i);
  if (duplicate) throw new Error(`Event listed twice: ${duplicate}`);
  const fields = Object.fromEntries(
    entries.map((e) => [`${e.type} ${e.version}`, flatten(parseFieldList(e.fields, shapes))]),
  );
  return { list: keys.sort(byCodeUnits), fields };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const specDir = path.resolve(args.find((a) => !a.startsWith("--")) ?? path.join(repoRoot, "../shared/spec"));
  const { list, fields } = deriveCatalogue(specDir);
  const text = `${list.join("\n")}\n`;
  if (args.includes("--fields")) process.stdout.write(`${JSON.stringify(fields, null, 2)}\n`);
  else if (args.includes("--write")) writeFileSync(LIST_FILE, text);
  else process.stdout.write(text);
}
