import { TRPCClientError } from "@trpc/client";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { describeLoadError } from "./failure";
import { QueryState } from "./query-state";

const offline = () => new TRPCClientError("Failed to fetch", { cause: new TypeError("Failed to fetch") });
const serverError = (requestId: string | null) =>
  TRPCClientError.from({
    error: {
      message: "Internal server error",
      code: -32603,
      data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500, requestId },
    },
  } as never);

function render(query: Record<string, unknown>, opts: { live?: boolean; isEmpty?: boolean } = {}) {
  const html = renderToStaticMarkup(
    createElement(QueryState<string[]>, {
      query: { isPending: false, error: null, data: undefined, refetch: () => undefined, ...query } as never,
      live: opts.live,
      isEmpty: opts.isEmpty,
      empty: createElement("p", null, "Nothing yet"),
      children: (rows: string[]) =>
        createElement(
          "ul",
          null,
          rows.map((r) => createElement("li", { key: r }, r)),
        ),
    }),
  );
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("QueryState", () => {
  it("keeps loaded rows when a refresh fails, with a small note instead of the error page", () => {
    const text = render({ data: ["event one", "event two"], error: offline() }, { live: true });
    expect(text).toContain("event one");
    expect(text).toContain("event two");
    expect(text).toContain("Connection lost — retrying…");
    expect(text).not.toContain("Something went wrong");
    expect(text).not.toContain("Try again");
  });

  it("says when the rows shown were loaded if nothing retries by itself", () => {
    const text = render({ data: ["a"], error: offline(), dataUpdatedAt: Date.parse("2026-07-01T11:00:00Z") });
    expect(text).toContain("Connection lost — showing what was loaded at 12:00:00.");
    expect(text).toContain("Retry now");
  });

  it("notes a failing retry before the query gives up", () => {
    expect(render({ data: ["a"], failureCount: 1, failureReason: offline(), isFetching: true })).toContain(
      "Connection lost — retrying…",
    );
  });

  it("shows the full error state only when there is nothing loaded", () => {
    const text = render({ error: offline() });
    expect(text).toContain("Connection lost");
    expect(text).toContain("The console could not reach the server. Check your connection, then try again.");
    expect(text).toContain("Try again");
  });
});

describe("describeLoadError", () => {
  it("promises a request id only when the server sent one, in whole sentences", () => {
    const without = describeLoadError(serverError(null));
    expect(without.next).toBe("Try again; if it keeps happening, tell the platform team.");
    expect(without.requestId).toBeNull();
    expect(without.detail).toBe("Internal server error.");
    const withId = describeLoadError(serverError("req-123"));
    expect(withId.next).toContain("request id");
    expect(withId.requestId).toBe("req-123");
  });
});
