import { expect, test } from "../fixtures";

// Issue 37 item 3 over real HTTP against the production server: bodies are capped before
// anything parses them, on the console's tRPC and sign-in routes as on REST.
const MB = 1024 * 1024;

test.describe("request body limits", () => {
  test("an anonymous 11 MB tRPC mutation is a 413 from tRPC, before the 401", async ({ request }) => {
    const res = await request.post("/api/trpc/supplier.update", {
      data: Buffer.alloc(11 * MB, 0x20),
      headers: { "content-type": "application/json" },
    });
    expect(res.status()).toBe(413);
    expect((await res.json()).error.json.data).toMatchObject({ code: "PAYLOAD_TOO_LARGE", httpStatus: 413 });
    // A small one gets as far as asking who is calling.
    const small = await request.post("/api/trpc/supplier.update", { data: { json: { code: "X" } } });
    expect(small.status()).toBe(401);
  });

  test("a 100 KB sign-in form is a 413 in the error shape", async ({ request }) => {
    const res = await request.post("/api/auth/callback/credentials", {
      data: `email=a%40example.com&password=${"p".repeat(100 * 1024)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status()).toBe(413);
    expect(await res.json()).toEqual({
      detail: "The request body exceeds 16384 bytes.",
      code: "payload_too_large",
      errors: [],
    });
  });

  test("REST stops at 10 MB with its documented 413", async ({ script }) => {
    const res = await script.post("/v1/data-import/validate-account/", {
      data: Buffer.alloc(11 * MB, 0x20),
      headers: { "content-type": "application/json" },
    });
    expect(res.status()).toBe(413);
    expect((await res.json()).code).toBe("payload_too_large");
  });

  test("a tRPC batch of more than 10 calls is refused before any runs", async ({ request }) => {
    const paths = Array.from({ length: 11 }, () => "support.search").join(",");
    const input = encodeURIComponent(
      JSON.stringify(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [i, { json: { q: "Leo" } }]))),
    );
    const res = await request.get(`/api/trpc/${paths}?batch=1&input=${input}`);
    expect(res.status()).toBe(400);
  });
});
