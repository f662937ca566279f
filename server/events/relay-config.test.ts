import { afterEach, describe, expect, it, vi } from "vitest";
import { relayConfigFromEnv } from "./relay-config";

describe("relayConfigFromEnv", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("refuses a stream age limit shorter than the duplicate window (JetStream would refuse the stream)", () => {
    vi.stubEnv("EVENTS_STREAM_MAX_AGE_SECONDS", "60");
    expect(() => relayConfigFromEnv()).toThrow(
      /EVENTS_STREAM_MAX_AGE_SECONDS \(60\) must be 0 \(no limit\) or at least EVENTS_DUPLICATE_WINDOW_SECONDS \(900\)/,
    );
  });

  it("accepts no limit, or a limit at least the duplicate window", () => {
    expect(relayConfigFromEnv().streamMaxAgeMs).toBe(0);
    vi.stubEnv("EVENTS_STREAM_MAX_AGE_SECONDS", "86400");
    expect(relayConfigFromEnv().streamMaxAgeMs).toBe(86_400_000);
    vi.stubEnv("EVENTS_STREAM_MAX_AGE_SECONDS", "60");
    vi.stubEnv("EVENTS_DUPLICATE_WINDOW_SECONDS", "60");
    expect(relayConfigFromEnv().duplicateWindowMs).toBe(60_000);
  });
});
