import { env } from "@/server/env.mjs";

/** A file of up to this many accounts is taken (an import job's, a cohort's control file); more is refused at the first row past it. */
export const MAX_UPLOAD_ROWS = env.IMPORT_JOB_MAX_ROWS;
/** One account (one JSON line or CSV record) may not be longer than this. */
export const MAX_LINE_BYTES = 1024 * 1024;
