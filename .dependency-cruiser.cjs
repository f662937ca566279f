// The layer rule (ADR 0500, docs/architecture.md). Layers are written once, top to bottom;
// a module may import from its own layer or any layer below it, never from one above.
// Checked by `npm test` (test/layers.test.ts) and by `npx depcruise --config .dependency-cruiser.cjs app server db`.

/** @type {{ name: string, paths: string[] }[]} */
const LAYERS = [
  // Next.js entry points: pages, route handlers, and the two root files Next.js loads.
  { name: "app", paths: ["^app/", "^instrumentation\\.ts$", "^proxy\\.ts$"] },
  // Transports (adapters): REST, tRPC, CLI, GraphQL, the console's HTTP headers, and the
  // background start-up, which wires services' work into the jobs and the event relay.
  { name: "transports", paths: ["^server/(rest|api|cli|graphql|web)/", "^server/background\\.ts$"] },
  // Every business rule, one folder per subject.
  { name: "services", paths: ["^server/services/"] },
  // What the services stand on: authentication and console sessions, the event outbox and relay,
  // the job queue's machinery, and the context every service verb takes (who acts, which db/tx).
  { name: "auth, events, jobs", paths: ["^server/(auth|events|jobs)/", "^server/context\\.ts$"] },
  { name: "db", paths: ["^db/"] },
  // Leaf helpers that import nothing of the app above them.
  {
    name: "lib",
    paths: [
      "^server/lib/",
      // Errors, logging, and the typed configuration module (server/env.mjs, issue 22).
      "^server/(errors|logger|env|env-kit|process-state)\\.(ts|mjs)$",
      // The column types' bounds: constants only, read by the zod schemas in server/lib too.
      "^db/limits\\.ts$",
    ],
  },
];

// Test code: may import from any layer; production code must never import it.
const TEST_CODE = [
  "\\.test\\.tsx?$",
  "(^|/)testing/",
  "(^|/)test/",
  // test-helpers.ts, test-meters.ts, test-catalogue.ts, and fast-check arbitraries (fast-check is a devDependency).
  "(^|/)test-[^/]+\\.tsx?$",
  "-arbitraries\\.ts$",
  "^e2e/",
  "^bench/",
];
// Scripts run by hand or at start-up (derive-event-list, list-emitters, config-docs, start,
// server): production code imports none of them (its configuration is server/env.mjs, a leaf).
const SCRIPTS = ["^scripts/"];

// A file sits in the lowest layer whose paths match it (db/limits.ts is under db/ but in lib).
const pathsOf = (layers) => layers.flatMap((l) => l.paths);
const layerRules = LAYERS.slice(1).map((layer, i) => ({
  name: `layer-${layer.name.replace(/[^a-z]+/g, "-").replace(/-$/, "")}`,
  comment: `${layer.name} must not import from a layer above it (${LAYERS.slice(0, i + 1)
    .map((l) => l.name)
    .join("; ")})`,
  severity: "error",
  from: { path: layer.paths, pathNot: [...TEST_CODE, ...pathsOf(LAYERS.slice(i + 2))] },
  to: { path: pathsOf(LAYERS.slice(0, i + 1)), pathNot: pathsOf(LAYERS.slice(i + 1)) },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "transport-imports-transport",
      comment: "Transports are parallel adapters: what two of them share lives in a layer below them",
      severity: "error",
      // The route table's GraphQL entry (server/rest/routes/graphql.ts) is the one place HTTP is
      // routed to the GraphQL transport: it composes transports, as app/ did (ADR 0505).
      from: {
        path: "^server/(rest|api|cli|graphql|web)/",
        pathNot: [...TEST_CODE, "^server/rest/routes/graphql\\.ts$"],
      },
      to: { path: "^server/(rest|api|cli|graphql|web)/", pathNot: "^server/$1/" },
    },
    {
      name: "component-imports-another-area",
      comment:
        "A console component area (app/components/<area>/) imports its own area and the shared app/components/ui/ and trpc/ only; what two areas share moves to ui/ (issue 42 item 5, ADR 0507)",
      severity: "error",
      from: { path: "^app/components/([^/]+)/", pathNot: TEST_CODE },
      to: { path: "^app/components/", pathNot: ["^app/components/$1/", "^app/components/(ui|trpc)/"] },
    },
    {
      name: "shared-component-imports-an-area",
      comment:
        "app/components/ui/ and trpc/ are shared by every area, so they import no area (nor a component at the top of app/components/)",
      severity: "error",
      from: { path: "^app/components/(ui|trpc)/", pathNot: TEST_CODE },
      to: { path: "^app/components/", pathNot: "^app/components/(ui|trpc)/" },
    },
    {
      name: "page-imports-another-page-area",
      comment:
        "A console page area (app/(console)/<area>/) imports its own files, app/components/ and the layers below; never another page's or route's folder (ADR 0507)",
      severity: "error",
      from: { path: "^app/\\(console\\)/([^/]+)/", pathNot: TEST_CODE },
      to: { path: "^app/", pathNot: ["^app/\\(console\\)/$1/", "^app/components/"] },
    },
    {
      name: "no-circular",
      comment: "No import circle anywhere, type-only imports included (ADR 0500)",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "production-imports-test-code",
      comment: "Production code must not import tests, test helpers, e2e, bench or scripts",
      severity: "error",
      from: { pathNot: [...TEST_CODE, ...SCRIPTS] },
      to: { path: [...TEST_CODE, ...SCRIPTS] },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to no file",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^node_modules/", "^\\.next/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mjs", ".js", ".d.ts", ".d.mts", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};

// For test/layers.test.ts (every production file sits in a layer); not enumerable, so the
// cruiser's own schema check of this object does not see them.
Object.defineProperty(module.exports, "LAYERS", { value: LAYERS, enumerable: false });
Object.defineProperty(module.exports, "TEST_CODE", { value: TEST_CODE, enumerable: false });
