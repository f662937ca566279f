/** Only same-site paths: a crafted callbackUrl must not send a user elsewhere after sign-in. */
export function safeCallback(raw: string | undefined | null): string {
  // Browsers drop tabs and newlines from a URL and read `\` as `/`, so `/\t/evil.example`
  // would be `//evil.example`: refuse control characters and backslashes outright, and
  // anything that does not resolve to this origin.
  if (!raw?.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(raw)) return "/suppliers";
  const base = "http://console.invalid";
  try {
    if (new URL(raw, base).origin !== base) return "/suppliers";
  } catch {
    return "/suppliers";
  }
  return raw;
}
