import { restRoute } from "@/server/rest/handler";
import { parseBody } from "@/server/services/import-bodies/common";
import { createNotes } from "@/server/services/notes/create-notes";
import { readJsonBody } from "@/server/rest/body";
import { CreateNotesInput } from "@/server/services/notes/note-schemas";
import { otherMethods } from "@/server/rest/methods";

export const POST = restRoute({
  auth: "token",
  writer: true,
  compress: false,
  handle: async ({ ctx, req }) => {
    const body = parseBody(CreateNotesInput, await readJsonBody(req));
    return { status: 201, body: await createNotes(ctx, body) };
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
