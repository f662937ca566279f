import { listImportProcesses, type ProcessFilter } from "../services/account-import/list-import-processes";
import { importProcessListRoutes } from "./contracts/account-import";
import { contractRoute } from "./handler";
import { pageUrl } from "./paging";

const BATCH = 5000;

/**
 * GET .../<filter>-account-import-processes/<supplier>/: production's bare array of
 * ImportProcess. Without page_size every process is sent, streamed in keyset batches so a
 * supplier with a million accounts costs constant memory; with it, one page and a Link header.
 */
export function importProcessListRoute(filter: ProcessFilter) {
  return contractRoute(importProcessListRoutes[filter], {
    handle: async ({ ctx, query, params, req }) => {
      const args = { import_supplier: params.supplier, filter };
      if (query.page_size !== undefined) {
        const page = await listImportProcesses(ctx, { ...args, after: query.after, limit: query.page_size });
        const headers: Record<string, string> = page.nextAfter
          ? { link: `<${pageUrl(req, { after: String(page.nextAfter) })}>; rel="next"` }
          : {};
        return { status: 200, body: page.results, headers };
      }
      // The first batch is read before answering: an unknown supplier is still a 404.
      const first = await listImportProcesses(ctx, { ...args, after: query.after, limit: BATCH });
      const enc = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          let page = first;
          let sep = "[";
          for (;;) {
            if (page.results.length)
              controller.enqueue(enc.encode(sep + page.results.map((r) => JSON.stringify(r)).join(",")));
            if (page.results.length) sep = ",";
            if (!page.nextAfter) break;
            page = await listImportProcesses(ctx, { ...args, after: page.nextAfter, limit: BATCH });
          }
          controller.enqueue(enc.encode(sep === "[" ? "[]" : "]"));
          controller.close();
        },
      });
      return new Response(stream, { status: 200, headers: { "content-type": "application/json" } });
    },
  });
}
