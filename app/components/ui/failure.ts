import { TRPCClientError } from "@trpc/client";
import { describeError } from "./errors";

/** The request never got an answer (offline, server down): there is no tRPC error data to read. */
export function isConnectionError(err: unknown): boolean {
  if (err instanceof TRPCClientError) return !err.data;
  return err instanceof TypeError;
}

const sentence = (s: string) => {
  const t = s.trim();
  return !t || /[.!?…]$/.test(t) ? t : `${t}.`;
};

/**
 * A failed load for people: what happened, what to do next, and the request id only when the
 * server gave one (the platform team finds the logged error by it).
 */
export function describeLoadError(err: unknown) {
  const e = describeError(err);
  if (isConnectionError(err)) {
    // The id is the one the console sent (trpc/react.tsx): a proxy's or load balancer's log may hold it.
    return {
      title: "Connection lost",
      detail: "The console could not reach the server.",
      next: "Check your connection, then try again.",
      requestId: e.requestId,
      code: e.code,
    };
  }
  let next = sentence(e.next);
  if (e.code === "INTERNAL_SERVER_ERROR") {
    next = e.requestId
      ? "Try again; if it keeps happening, send the platform team the request id below."
      : "Try again; if it keeps happening, tell the platform team.";
  }
  return { title: e.title, detail: sentence(e.detail), next, requestId: e.requestId, code: e.code };
}
