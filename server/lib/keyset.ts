import { z } from "zod";
import { ServiceError } from "../errors";

/** An opaque page cursor: the last row's sort value (as Postgres text, so no precision is lost) and id. */
export type Cursor = { v: string | null; id: number };

const CursorShape = z.object({ v: z.string().nullable(), id: z.number().int() });

export const CursorInput = z.string().max(1000).nullish();

/** tRPC infinite queries add the paging direction to every page's input. */
export const PageDirection = z.enum(["forward", "backward"]).optional();

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

export function decodeCursor(raw: string | null | undefined): Cursor | undefined {
  if (!raw) return undefined;
  try {
    return CursorShape.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch {
    throw new ServiceError("validation", "invalid_cursor", "The page cursor is not valid; start from the first page.", {
      errors: [{ detail: "Not a cursor this list issued.", code: "invalid_cursor", attr: "cursor" }],
    });
  }
}

/** Escapes LIKE wildcards so user text matches literally. */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
