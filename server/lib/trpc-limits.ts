/**
 * Calls one console request may batch (issue 37 item 6): the server refuses a longer batch with
 * 400 before running any of it, and the console's client splits its batches at the same size,
 * so a page that asks for more in one tick sends several requests.
 */
export const TRPC_MAX_BATCH_SIZE = 10;
