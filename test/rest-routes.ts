import { restRouteModules } from "@/server/rest/routes/router";

type Module = Record<string, unknown>;

/**
 * The REST route table's routes keyed as their app/ route files were (`/app/v1/accounts/[account]/route.ts`),
 * each loading a module of every method (its handlers, the router's 405s and preflight): the suites
 * that walk every route of the app (fuzz, isolation) walk these beside the files still under app/.
 */
export function restRouteFiles(): Record<string, () => Promise<Module>> {
  return Object.fromEntries(
    Object.entries(restRouteModules()).map(([id, methods]) => [`/app/${id}/route.ts`, async () => methods as Module]),
  );
}
