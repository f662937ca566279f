import { z } from "zod";
import { DateTimeString } from "../../lib/validators";
import { parseLondonDateTime } from "../../lib/time";
import { AccountRef } from "../account-import/schemas";
import { DocumentPath } from "../documents/locations";
import { ItemList } from "./common";
import { wholeSecond } from "./insert-notes";

/** A note datetime as stored: sub-seconds are dropped (the spec's form is YYYY-MM-DDTHH:MM:SSZ). */
export function parseNoteDateTime(s: string): Date | null {
  const t = parseLondonDateTime(s);
  return t && wholeSecond(t);
}

export const NoteInput = z
  .strictObject({
    body: z
      .string()
      .max(20_000)
      .refine((b) => b.trim().length > 0, { message: "The note body is blank.", params: { code: "blank" } })
      .optional(),
    document_paths: z.array(z.strictObject({ document_path: DocumentPath })).min(1).max(20).optional(),
    created_at: DateTimeString.optional().describe("ISO 8601; without an offset it is Europe/London time. Sub-seconds are dropped (stored and echoed as YYYY-MM-DDTHH:MM:SSZ). Defaults to now."),
    is_pinned: z.boolean().optional(),
    unpin_at: DateTimeString.optional().describe("Only with is_pinned: true; not before created_at. Sub-seconds are dropped."),
  })
  .superRefine((n, ctx) => {
    if (n.body === undefined && n.document_paths === undefined) {
      ctx.addIssue({ code: "custom", path: [], message: "A note needs a body or document_paths.", params: { code: "note_body_or_document_path_not_found" } });
    }
    if (n.unpin_at === undefined) return;
    if (n.is_pinned !== true) {
      ctx.addIssue({ code: "custom", path: ["unpin_at"], message: "unpin_at is only allowed on a pinned note (is_pinned: true).", params: { code: "unpin_at_without_pin" } });
    }
    const unpin = parseNoteDateTime(n.unpin_at);
    const created = n.created_at ? parseNoteDateTime(n.created_at) : wholeSecond(new Date());
    if (unpin && created && unpin < created) {
      ctx.addIssue({ code: "custom", path: ["unpin_at"], message: "unpin_at is earlier than the note's creation date.", params: { code: "note_unpin_at_earlier_than_creation_date" } });
    }
  });
export type NoteInput = z.infer<typeof NoteInput>;

export const CreateNotesInput = AccountRef.extend({ notes: ItemList(NoteInput) });
export type CreateNotesInput = z.infer<typeof CreateNotesInput>;

export const NOTE_STATUSES = ["NOTE_CREATION_SUCCESS", "NOTE_ALREADY_EXISTS"] as const;
export const NoteResult = z.object({
  created_at: z.string().describe("YYYY-MM-DDTHH:MM:SSZ, the stored value: resending it matches the same note."),
  body: z.string().optional().describe("Omitted for a note with only document_paths."),
  status: z.enum(NOTE_STATUSES),
});
export const CreateNotesResult = z.array(NoteResult);
