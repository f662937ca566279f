// The route template a request path belongs to, for metrics and spans (never the raw path,
// which holds account numbers and would make a series per account). Templates are the app's
// routes as the build lists them (`.next/app-path-routes-manifest.json`): `/v1/accounts/[account_number]`.
// Static segments win over dynamic ones, as in Next's own matching; what matches no route is
// `unmatched`, and Next's assets are `/_next/static` and the like.
import fs from "node:fs";
import path from "node:path";

/** @typedef {{ statics: Map<string, Node>, dynamic?: Node, catchAll?: string, optionalCatchAll?: string, route?: string }} Node */

const node = () => /** @type {Node} */ ({ statics: new Map() });

/**
 * A matcher over `routes` (templates such as `/v1/products/[product]/`, route groups and
 * parallel-route slots already left out).
 * @param {Iterable<string>} routes
 * @returns {(pathname: string) => string}
 */
export function routeMatcher(routes) {
  const root = node();
  for (const route of routes) {
    const segments = route.split("/").filter((s) => s && !(s.startsWith("(") && s.endsWith(")")) && !s.startsWith("@"));
    const template = `/${segments.join("/")}`;
    let at = root;
    for (const segment of segments) {
      if (segment.startsWith("[[...")) {
        at.optionalCatchAll = template;
        at = /** @type {Node} */ ({ statics: new Map() });
        break;
      }
      if (segment.startsWith("[...")) {
        at.catchAll = template;
        at = /** @type {Node} */ ({ statics: new Map() });
        break;
      }
      if (segment.startsWith("[")) at = at.dynamic ??= node();
      else {
        let next = at.statics.get(segment);
        if (!next) at.statics.set(segment, (next = node()));
        at = next;
      }
    }
    if (!segments.some((s) => s.startsWith("[..") || s.startsWith("[[.."))) at.route = template;
  }
  /** @param {Node} at @param {string[]} segments @param {number} i @returns {string | undefined} */
  const find = (at, segments, i) => {
    if (i === segments.length) return at.route ?? at.optionalCatchAll;
    const fixed = at.statics.get(segments[i]);
    const viaStatic = fixed && find(fixed, segments, i + 1);
    if (viaStatic) return viaStatic;
    const viaDynamic = at.dynamic && find(at.dynamic, segments, i + 1);
    return viaDynamic ?? at.catchAll ?? at.optionalCatchAll;
  };
  return (pathname) => {
    if (pathname.startsWith("/_next/")) return `/_next/${pathname.split("/")[2] ?? ""}`;
    const query = pathname.indexOf("?");
    const bare = query < 0 ? pathname : pathname.slice(0, query);
    return find(root, bare.split("/").filter(Boolean), 0) ?? "unmatched";
  };
}

/**
 * The matcher for the build under `dir`: every page and route handler Next built, and `extra`
 * (the REST route table's templates, served by the catch-alls: ADR 0505). Without a build's
 * list (while `npm start` builds the console) its pages are `unmatched`.
 * @param {string} dir
 * @param {string[]} [extra]
 */
export function builtRouteMatcher(dir, extra = []) {
  const file = path.join(dir, ".next", "app-path-routes-manifest.json");
  const manifest = fs.existsSync(file)
    ? /** @type {Record<string, string>} */ (JSON.parse(fs.readFileSync(file, "utf8")))
    : {};
  return routeMatcher([...Object.values(manifest).filter((r) => !r.startsWith("/_")), ...extra]);
}
