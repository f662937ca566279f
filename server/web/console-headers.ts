import { HSTS_VALUE, servedOverHttps } from "../auth/https";
import { env } from "@/server/env.mjs";

/**
 * The console's Content-Security-Policy: scripts only with this response's nonce (Next.js puts
 * it on its own bootstrap and chunk scripts, and 'strict-dynamic' lets those load the rest), no
 * plugins, no framing, nothing fetched from or posted to other origins. Inline style attributes
 * stay allowed: React renders some, and a style cannot run code.
 */
export function consoleCsp(nonce: string, dev = env.NODE_ENV === "development"): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A document from a migration source that is not a PDF: shown, never run. */
export const DOCUMENT_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";
/** A PDF: Chromium's viewer refuses sandboxed documents, and a PDF cannot script the page. */
export const PDF_DOCUMENT_CSP =
  "default-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Console document downloads, which send their own CSP (the proxy leaves theirs alone). */
/**
 * Set by proxy.ts on every console page request: the address asked for, query included, so a
 * sign-in redirect comes back to the same view (a filtered ledger, a triage row, an open tariff).
 */
export const CONSOLE_PATH_HEADER = "x-console-path";

export const DOCUMENT_PATH = /^\/accounts\/[^/]+\/documents(\/|$)/;

/** A fresh nonce per response: 128 random bits. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/** Strict-Transport-Security for a response, when the browser reached us over HTTPS. */
export function hstsHeader(headers: Headers): Record<string, string> {
  return servedOverHttps(headers) ? { "strict-transport-security": HSTS_VALUE } : {};
}
