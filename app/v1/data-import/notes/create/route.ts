import { contractRoute } from "@/server/rest/handler";
import { createNotesRoute } from "@/server/rest/contracts/data-import";
import { parseBody } from "@/server/services/import-bodies/common";
import { createNotes } from "@/server/services/notes/create-notes";
import { readJsonBody } from "@/server/rest/body";
import { otherMethods } from "@/server/rest/methods";

export const POST = contractRoute(createNotesRoute, {
  writer: true,
  compress: false,
  handle: async ({ ctx, req }) => {
    const body = parseBody(createNotesRoute.body, await readJsonBody(req));
    return { status: 201, body: await createNotes(ctx, body) };
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
