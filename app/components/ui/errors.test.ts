import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import type { AppRouter } from "@/server/api/root";
import { appRouter } from "@/server/api/root";
import { uniq, useTestDb } from "@/test/db";
import { makeOrg, makeSupplier, makeUser } from "@/test/factories";
import { describeError, fieldErrorFor, FORM_HINTS, otherFieldErrors } from "./errors";

const t = useTestDb();

/** The console's own client (httpBatchLink + superjson) against the real router: the errors a form really gets. */
async function clientFor(role: "operator" | "support") {
  const org = await makeOrg(t.db);
  const user = await makeUser(org, role);
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: "http://console.test/api/trpc",
        transformer: superjson,
        fetch: (url, init) =>
          fetchRequestHandler({
            endpoint: "/api/trpc",
            req: new Request(url, init as RequestInit),
            router: appRouter,
            createContext: () => ({
              db: t.db,
              requestId: "req-7",
              user: {
                id: user.id,
                organisationId: user.organisationId,
                role: user.role,
                email: user.email,
                name: user.name,
              },
            }),
          }),
      }),
    ],
  });
  return { client, org };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable("expected a refusal"),
    (e: unknown) => e,
  );

describe("describeError, on what the server really sends", () => {
  it("turns bad form input into a count of fields plus per-field messages, never raw JSON", async () => {
    const { client } = await clientFor("operator");
    const err = await failure(client.supplier.create.mutate({ code: "", documentRoot: "http://x" }));
    const e = describeError(err, FORM_HINTS);
    expect(e).toMatchObject({
      title: "Check your input",
      detail: "2 fields need attention.",
      next: "Correct the highlighted fields and try again.",
      code: "BAD_REQUEST",
    });
    expect(`${e.title} ${e.detail} ${e.next}`).not.toMatch(/[[{]|origin|invalid_format/);
    expect(fieldErrorFor(err, "code")).toBe("Enter a code.");
    expect(fieldErrorFor(err, "documentRoot")).toBe("Use an s3://bucket/prefix or file:///path location.");
    expect(otherFieldErrors(err, ["code", "name", "documentRoot"])).toEqual([]);
  });

  it("keeps a service's own sentence, with advice that fits where it is shown", async () => {
    const { client, org } = await clientFor("operator");
    const s = await makeSupplier(org);
    await client.supplier.setStatus.mutate({ code: s.code, status: "Complete" });
    const err = await failure(client.supplier.setStatus.mutate({ code: s.code, status: "Paused" }));
    expect(describeError(err).detail).toBe("Cannot change status from Complete to Paused.");
    expect(describeError(err, { invalid_status_transition: "It changed meanwhile." }).next).toBe(
      "It changed meanwhile.",
    );
    expect(
      describeError(err, { invalid_status_transition: { title: "Its status has changed", next: "Reloaded." } }),
    ).toMatchObject({ title: "Its status has changed", next: "Reloaded." });
    const gone = await failure(client.apiKey.roll.mutate({ keyId: 999_999_999 }));
    expect(describeError(gone)).toMatchObject({ title: "Not found", serviceCode: "api_key_not_found" });
    expect(describeError(gone, { api_key_not_found: "Already rolled or invalidated." }).next).toBe(
      "Already rolled or invalidated.",
    );
  });

  it("never shows a JSON message, whatever produced it", () => {
    const e = describeError(new Error('[{"code":"invalid_type","path":["x"]}]'));
    expect(e.detail).toBe("The request was not accepted.");
    expect(describeError(new Error("Plain words.")).detail).toBe("Plain words.");
  });

  it("tells a support user the change is for operators", async () => {
    const { client } = await clientFor("support");
    const err = await failure(client.supplier.create.mutate({ code: uniq("S"), documentRoot: "s3://a/b" }));
    expect(describeError(err)).toMatchObject({
      title: "Not allowed",
      next: "Ask an operator to make this change.",
      requestId: "req-7",
    });
  });
});
