import { describe, expect, it } from "vitest";
import { addressBucket } from "./rate-limit";

describe("the per-address bucket of failed sign-in attempts", () => {
  it("is the address itself for IPv4 and the /64 for IPv6, so rotating within a /64 does not escape the limit", () => {
    expect(addressBucket("203.0.113.7", "password").name).toBe("ip:203.0.113.7");
    const names = [
      "2001:db8:aa:bb::1",
      "2001:db8:aa:bb:ffff:ffff:ffff:fffe",
      "2001:0db8:00aa:00bb:1:2:3:4",
      "2001:DB8:AA:BB::9%eth0",
    ].map((a) => addressBucket(a, "password").name);
    expect(new Set(names)).toEqual(new Set(["ip:2001:db8:aa:bb::/64"]));
    expect(addressBucket("2001:db8:aa:bc::1", "password").name).toBe("ip:2001:db8:aa:bc::/64");
    expect(addressBucket("::1", "password").name).toBe("ip:0:0:0:0::/64");
    expect(addressBucket("2001:db8::", "password").name).toBe("ip:2001:db8:0:0::/64");
    expect(addressBucket("unknown", "password").name).toBe("ip:unknown");
    // Bad keys are counted apart from bad passwords.
    expect(addressBucket("203.0.113.7", "key").name).toBe("ip-key:203.0.113.7");
  });
});
