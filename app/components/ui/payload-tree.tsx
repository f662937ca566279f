"use client";

import { useMemo, useState } from "react";
import type { PayloadNode } from "@/server/services/account-import/payload-tree";

export type TreeError = { attr: string | null; code: string; detail: string };
type Placed = {
  here: Map<string, TreeError[]>;
  missing: Map<string, { key: string; errors: TreeError[] }[]>;
  below: Map<string, number>;
};

/** The DOM id of a node, for links from an error list ("#payload-supply_addresses.0.supply_postcode"). */
export const payloadAnchor = (attr: string | null) => `payload-${attr ?? "account"}`;

/**
 * Puts each error on the node its `attr` names; an attr naming a field that is not there (a
 * required one left out) is shown as a "missing" line under its nearest parent that is. Every
 * ancestor counts the problems below it.
 */
function place(root: PayloadNode, errors: TreeError[]): Placed {
  const paths = new Set<string>();
  const walk = (n: PayloadNode) => (paths.add(n.path), n.children?.forEach(walk));
  walk(root);
  const placed: Placed = { here: new Map(), missing: new Map(), below: new Map() };
  for (const e of errors) {
    const attr = e.attr ?? "";
    let parent = attr;
    if (paths.has(attr)) placed.here.set(attr, [...(placed.here.get(attr) ?? []), e]);
    else {
      const parts = attr.split(".");
      const missing: string[] = [];
      while (parts.length && !paths.has(parts.join("."))) missing.unshift(parts.pop()!);
      parent = parts.join(".");
      const list = placed.missing.get(parent) ?? [];
      const key = missing.join(".");
      const entry = list.find((m) => m.key === key);
      if (entry) entry.errors.push(e);
      else list.push({ key, errors: [e] });
      placed.missing.set(parent, list);
    }
    const chain = parent ? parent.split(".") : [];
    for (let i = 0; i <= chain.length; i++) {
      const p = chain.slice(0, i).join(".");
      placed.below.set(p, (placed.below.get(p) ?? 0) + 1);
    }
  }
  return placed;
}

const depth = (path: string) => (path ? path.split(".").length : 0);

/** The staged payload as a collapsible tree, each stored error marked at its `attr`. */
export function PayloadTree({
  tree,
  errors,
  label = "Staged payload",
}: {
  tree: PayloadNode;
  errors: TreeError[];
  label?: string;
}) {
  const placed = useMemo(() => place(tree, errors), [tree, errors]);
  // Expand / collapse all remount the tree with every branch open or shut; clicks then work as usual.
  const [mode, setMode] = useState<"default" | "all" | "none">("default");
  const isOpen = (n: PayloadNode) =>
    mode === "all" ? true : mode === "none" ? n.path === "" : depth(n.path) <= 4 || (placed.below.get(n.path) ?? 0) > 0;
  return (
    <div className="payload-tree" role="group" aria-label={label}>
      <div className="row payload-tree-tools">
        <button type="button" className="btn btn-sm" onClick={() => setMode("all")}>
          Expand all
        </button>
        <button type="button" className="btn btn-sm" onClick={() => setMode("none")}>
          Collapse all
        </button>
        {errors.length > 0 && (
          <span className="small muted">
            Problems are marked in red where they are; open branches show how many are inside.
          </span>
        )}
      </div>
      <ul className="payload-level" key={mode}>
        <Node node={tree} placed={placed} isOpen={isOpen} />
      </ul>
    </div>
  );
}

function ErrorLines({ errors }: { errors: TreeError[] }) {
  return (
    <ul className="payload-errors">
      {errors.map((e, i) => (
        <li key={i}>
          {e.detail} <span className="mono">({e.code})</span>
        </li>
      ))}
    </ul>
  );
}

function Flags({ node }: { node: PayloadNode }) {
  return (
    <>
      {node.note && <span className="badge payload-note">{node.note.replace(/\.$/, "")}</span>}
      {node.unknown && <span className="badge badge-warn">not in the production schema</span>}
    </>
  );
}

const LIST_LIMIT = 50;

function Node({ node, placed, isOpen }: { node: PayloadNode; placed: Placed; isOpen: (n: PayloadNode) => boolean }) {
  const [all, setAll] = useState(false);
  const own = placed.here.get(node.path) ?? [];
  const missing = placed.missing.get(node.path) ?? [];
  const below = (placed.below.get(node.path) ?? 0) - own.length;
  const cls = `payload-node${own.length ? " has-error" : ""}`;
  const id = payloadAnchor(node.path || null);
  if (!node.children) {
    return (
      <li
        className={cls}
        id={id}
        data-path={node.path}
        data-error={own.length ? own.map((e) => e.code).join(" ") : undefined}
      >
        <span className="payload-key">{node.key}</span>{" "}
        <span className={`payload-value kind-${node.kind}`} title={node.kind}>
          {node.value === "" ? '""' : node.value}
        </span>{" "}
        <Flags node={node} />
        {own.length > 0 && <ErrorLines errors={own} />}
      </li>
    );
  }
  const size = node.children.length;
  // Long lists (reading history, transactions) show their first items and any with problems until asked for all.
  const shown =
    all || size <= LIST_LIMIT
      ? node.children
      : node.children.filter((c, i) => i < LIST_LIMIT || (placed.below.get(c.path) ?? 0) > 0);
  const hidden = size - shown.length;
  const shape = node.kind === "array" ? `[${size} ${size === 1 ? "item" : "items"}]` : size ? "" : "{}";
  return (
    <li
      className={cls}
      id={id}
      data-path={node.path}
      data-error={own.length ? own.map((e) => e.code).join(" ") : undefined}
    >
      <details open={isOpen(node)}>
        <summary>
          <span className="payload-key">{node.key}</span>
          {shape && <span className="muted small"> {shape}</span>}
          {node.summary && <span className="payload-summary"> {node.summary}</span>}
          <Flags node={node} />
          {below > 0 && (
            <span className="badge badge-danger">{below === 1 ? "1 problem inside" : `${below} problems inside`}</span>
          )}
        </summary>
        {own.length > 0 && <ErrorLines errors={own} />}
        <ul className="payload-level">
          {shown.map((c) => (
            <Node key={c.key} node={c} placed={placed} isOpen={isOpen} />
          ))}
          {hidden > 0 && (
            <li className="payload-node">
              <button type="button" className="btn btn-sm" onClick={() => setAll(true)}>
                Show the other {hidden} items
              </button>
            </li>
          )}
          {missing.map((m) => (
            <li
              key={`missing-${m.key}`}
              className="payload-node has-error"
              id={payloadAnchor(node.path ? `${node.path}.${m.key}` : m.key)}
              data-path={node.path ? `${node.path}.${m.key}` : m.key}
              data-error={m.errors.map((e) => e.code).join(" ")}
            >
              <span className="payload-key">{m.key}</span> <span className="muted small">(not sent)</span>
              <ErrorLines errors={m.errors} />
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}
