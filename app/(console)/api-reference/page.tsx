import type { Metadata } from "next";
import { ApiReference, type OpenApiDoc } from "@/app/components/api-reference";
import { requireUser } from "@/app/components/session";
import { PageHeader } from "@/app/components/ui/page-header";
import { publishedSdl } from "@/server/graphql/sdl";
import { dispatchRest } from "@/server/rest/routes/router";

export const metadata: Metadata = { title: "API reference" };

export default async function ApiReferencePage() {
  await requireUser("/api-reference");
  // The very document GET /v1/openapi.json serves, rendered for people.
  const res = await dispatchRest(new Request("http://console.local/v1/openapi.json"));
  const doc = res.ok ? ((await res.json()) as OpenApiDoc) : null;
  return (
    <>
      <PageHeader
        title="API reference"
        description="Every REST endpoint your migration scripts and clients can call, generated from the same schemas the server validates with."
      />
      {doc ? (
        <ApiReference doc={doc} />
      ) : (
        <div className="alert alert-error" role="alert">
          The OpenAPI document could not be built (status {res.status}); the server log has the request id{" "}
          {res.headers.get("x-request-id")}.
        </div>
      )}
      <section className="card" aria-labelledby="graphql-schema">
        <div className="card-header">
          <h2 id="graphql-schema">GraphQL schema</h2>
        </div>
        <div className="card-body">
          <p className="muted small">
            <code>POST /v1/graphql/</code>: the token mutation and the account, properties and smart-meter telemetry
            queries home-energy apps send, with production&apos;s type names. Machine-readable:{" "}
            <a href="/v1/graphql/schema.graphql">/v1/graphql/schema.graphql</a>.
          </p>
          {/* Scrolls within the card: focusable, so keyboard users can scroll it too (axe scrollable-region-focusable). */}
          <pre
            className="mono small"
            data-testid="graphql-sdl"
            style={{ maxHeight: 480, overflow: "auto" }}
            tabIndex={0}
            role="region"
            aria-label="GraphQL schema (SDL)"
          >
            {publishedSdl()}
          </pre>
        </div>
      </section>
    </>
  );
}
