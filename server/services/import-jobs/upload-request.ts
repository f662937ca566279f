import type { Ctx } from "../../context";
import { ServiceError } from "../../errors";
import type { CreateImportJobInput } from "./schemas";

/** The upload route's query string as the job's options: `?supplier=&format=jsonl|csv&name=&dryRun=1&registration=1&cohort=<id>`. */
export function uploadOptions(url: URL): CreateImportJobInput {
  const q = url.searchParams;
  const name = q.get("name") ?? "upload";
  const format = q.get("format") ?? (/\.csv$/i.test(name) ? "csv" : "jsonl");
  return {
    importSupplier: q.get("supplier") ?? "",
    format: format as "jsonl" | "csv",
    fileName: name,
    dryRun: q.get("dryRun") === "1" || q.get("dryRun") === "true",
    sendRegistration: q.get("registration") === "1" || q.get("registration") === "true",
    ...(q.get("cohort") ? { cohortId: Number(q.get("cohort")) } : {}),
  };
}

/** The console user of a route handler as a service context; none is a 401. */
export function userCtx(
  db: Ctx["db"],
  requestId: string,
  user: { id: number; organisationId: number; role: "operator" | "support"; email: string } | null,
): Ctx {
  if (!user) throw new ServiceError("unauthorized", "authentication_required", "Sign in to the console first.");
  return {
    db,
    requestId,
    actor: { kind: "user", organisationId: user.organisationId, userId: user.id, role: user.role, email: user.email },
  };
}
