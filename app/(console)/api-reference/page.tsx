import type { Metadata } from "next";
import { GET as openApiJson } from "@/app/v1/openapi.json/route";
import { ApiReference, type OpenApiDoc } from "@/app/components/api-reference";
import { requireUser } from "@/app/components/session";
import { PageHeader } from "@/app/components/ui/page-header";

export const metadata: Metadata = { title: "API reference" };

export default async function ApiReferencePage() {
  await requireUser("/api-reference");
  // The very document GET /v1/openapi.json serves, rendered for people.
  const res = await openApiJson(new Request("http://console.local/v1/openapi.json"));
  const doc = res.ok ? ((await res.json()) as OpenApiDoc) : null;
  return (
    <>
      <PageHeader title="API reference" description="Every REST endpoint your migration scripts and clients can call, generated from the same schemas the server validates with." />
      {doc ? (
        <ApiReference doc={doc} />
      ) : (
        <div className="alert alert-error" role="alert">
          The OpenAPI document could not be built (status {res.status}); the server log has the request id {res.headers.get("x-request-id")}.
        </div>
      )}
    </>
  );
}
