import { z } from "zod";
import { DateTimeString, pushIssue, Text } from "../../lib/validators";
import { parseLondonDateTime } from "../../lib/time";
import { DocumentPath } from "../documents/locations";
import { ACCOUNT_KEY, ItemList, requireAccountKey } from "../import-bodies/common";
import { wholeSecond } from "./insert-notes";

/** A note datetime as stored: sub-seconds are dropped (the spec's form is YYYY-MM-DDTHH:MM:SSZ). */
export function parseNoteDateTime(s: string): Date | null {
  const t = parseLondonDateTime(s);
  return t && wholeSecond(t);
}

/** Production's NoteDocument. */
export const NoteDocument = z.strictObject({ document_path: DocumentPath });

/** Production's Note. */
export const Note = z
  .strictObject({
    body: z
      .string()
      .max(20_000)
      .refine((b) => b.trim().length > 0, { message: "The note body is blank.", params: { code: "blank" } })
      .optional(),
    created_at: DateTimeString.optional().describe(
      "ISO 8601; without an offset it is Europe/London time. Sub-seconds are dropped (stored and echoed as YYYY-MM-DDTHH:MM:SSZ). Defaults to now.",
    ),
    document_paths: z
      .array(NoteDocument)
      .max(20)
      .optional()
      .describe("Paths under the import supplier's document root; each document must exist."),
    external_id: Text(255)
      .optional()
      .describe(
        "The sender's id for the note: when given, the note exists already if the account has a note with this external_id.",
      ),
    is_archived: z.boolean().optional(),
    is_pinned: z.boolean().optional(),
    unpin_at: DateTimeString.optional().describe(
      "Kept on a pinned note (ignored on an unpinned one); not before created_at when both are given. Sub-seconds are dropped.",
    ),
  })
  .check((payload) => {
    const n = payload.value;
    if (n.body === undefined && !n.document_paths?.length)
      pushIssue(payload, "note_body_or_document_path_not_found", "A note needs a body or document_paths.", []);
    // Only when both are given (a default created_at, now, never makes a sent unpin_at wrong),
    // and only on a pinned note: an unpinned note's unpin_at is ignored.
    if (n.unpin_at === undefined || n.created_at === undefined || n.is_pinned !== true) return;
    const unpin = parseNoteDateTime(n.unpin_at);
    const created = parseNoteDateTime(n.created_at);
    if (unpin && created && unpin < created)
      pushIssue(
        payload,
        "note_unpin_at_earlier_than_creation_date",
        "unpin_at is earlier than the note's creation date.",
        ["unpin_at"],
      );
  });
export type Note = z.infer<typeof Note>;

/** Production's AccountNote body. */
export const CreateNotesInput = z.strictObject({ ...ACCOUNT_KEY, notes: ItemList(Note) }).check(requireAccountKey);
export type CreateNotesInput = z.infer<typeof CreateNotesInput>;

export const NOTE_STATUSES = ["NOTE_CREATION_SUCCESS", "NOTE_ALREADY_EXISTS"] as const;
/** Production's CreateAccountNotesResponse: the note as stored (for NOTE_ALREADY_EXISTS, the one already there). */
export const NoteResult = z.object({
  body: z.string().nullable().describe("null for a note with only document_paths."),
  created_at: z.string().describe("YYYY-MM-DDTHH:MM:SSZ, the stored value: resending it matches the same note."),
  document_paths: z.array(z.object({ document_path: z.string() })),
  external_id: z.string().nullable(),
  is_archived: z.boolean(),
  is_pinned: z.boolean(),
  unpin_at: z.string().nullable().describe("YYYY-MM-DDTHH:MM:SSZ; null when not given or the note is not pinned."),
  status: z.enum(NOTE_STATUSES),
});
export type NoteResult = z.infer<typeof NoteResult>;
export const CreateNotesResult = z.array(NoteResult);
