import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../logger";
import { NatsLink } from "./nats";

describe("NatsLink while NATS cannot be reached", () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs each failed attempt with the address, password hidden, and the reason without a stack trace", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
    const link = new NatsLink("nats://relay:s3cret@127.0.0.1:1", "test");
    void link.start();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 10_000 });
    await link.close();
    const [message, fields] = warn.mock.calls[0] as [string, { url: string; err: unknown }];
    expect(message).toBe("events relay: NATS connect failed");
    expect(fields.url).toBe("nats://relay:***@127.0.0.1:1");
    expect(typeof fields.err).toBe("string");
    expect(JSON.stringify(warn.mock.calls)).not.toContain("s3cret");
  });
});
