import { z } from "zod";
import { listImportProcesses, type ProcessFilter } from "../services/account-import/list-import-processes";
import { restRoute } from "./handler";
import { pageUrl } from "./paging";

export const ImportProcessListQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(1000).default(100),
  after: z.coerce.number().int().min(0).optional().describe("Keyset cursor; follow `next` as given."),
});

/** GET .../<filter>-account-import-processes/<supplier>/: keyset paging with an absolute `next`. */
export function importProcessListRoute(filter: ProcessFilter) {
  return restRoute({
    auth: "token",
    query: ImportProcessListQuery,
    handle: async ({ ctx, params, query, req }) => {
      const page = await listImportProcesses(ctx, { import_supplier: params.supplier, filter, after: query.after, limit: query.page_size });
      return {
        status: 200,
        body: {
          count: page.count,
          next: page.nextAfter ? pageUrl(req, { after: String(page.nextAfter) }) : null,
          previous: null,
          results: page.results,
        },
      };
    },
  });
}
