import fc from "fast-check";
import { badValue } from "./bad-values";

type Path = (string | number)[];

/** Every path in a JSON value (objects' keys and arrays' indexes), the root included. */
export function pathsOf(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  return out;
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) };
  const [head, ...rest] = path;
  Object.defineProperty(copy, head, {
    value: setAt(copy[head], rest, value),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

function parentPaths(value: unknown): Path[] {
  return pathsOf(value).filter((p) => {
    let v: any = value;
    for (const k of p) v = v?.[k];
    return v && typeof v === "object" && !Array.isArray(v);
  });
}

export type Mutation = { path: Path; value: unknown; kind: "replace" | "add" | "whole" };

/**
 * A valid input made bad in one to three places: a field (at any depth) replaced by a bad value,
 * a field the schema names but the input left out set to one (`extraKeys`), or the whole input.
 */
export function mutated(
  base: unknown,
  extraKeys: Path[] = [],
): fc.Arbitrary<{ input: unknown; mutations: Mutation[] }> {
  const paths = pathsOf(base).filter((p) => p.length > 0);
  const parents = parentPaths(base);
  const one: fc.Arbitrary<Mutation> = fc.oneof(
    ...(paths.length
      ? [
          {
            weight: 6,
            arbitrary: fc.record({
              path: fc.constantFrom(...paths),
              value: badValue,
              kind: fc.constant("replace" as const),
            }),
          },
        ]
      : []),
    ...(extraKeys.length
      ? [
          {
            weight: 3,
            arbitrary: fc.record({
              path: fc.constantFrom(...extraKeys),
              value: badValue,
              kind: fc.constant("add" as const),
            }),
          },
        ]
      : []),
    ...(parents.length
      ? [
          {
            weight: 1,
            arbitrary: fc.record({
              path: fc
                .tuple(
                  fc.constantFrom(...parents),
                  fc.constantFrom("unknown_field", "\u0000", "\ud800", "__proto__", "constructor"),
                )
                .map(([p, k]) => [...p, k]),
              value: badValue,
              kind: fc.constant("add" as const),
            }),
          },
        ]
      : []),
    {
      weight: 1,
      arbitrary: fc.record({ path: fc.constant([] as Path), value: badValue, kind: fc.constant("whole" as const) }),
    },
  );
  return fc.array(one, { minLength: 1, maxLength: 3 }).map((mutations) => ({
    mutations,
    input: mutations.reduce((acc, m) => setAt(acc, m.path, m.value), base),
  }));
}
