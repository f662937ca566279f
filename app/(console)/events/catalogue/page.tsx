import type { Metadata } from "next";
import { Catalogue } from "@/app/components/events/catalogue";
import { requireUser } from "@/app/components/session";
import { HydrateClient, prefetch, trpc } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";

export const metadata: Metadata = { title: "Event catalogue" };

export default async function CataloguePage() {
  await requireUser("/events/catalogue");
  await prefetch(trpc.event.catalogue.queryOptions({}));
  return (
    <HydrateClient>
      <PageHeader
        title="Event catalogue"
        description={
          <>
            Every event type and payload version the platform emits, with its fields. The same schemas are published as
            OpenAPI at <a href="/v1/events/openapi.json">/v1/events/openapi.json</a>.
          </>
        }
      />
      <Catalogue />
    </HydrateClient>
  );
}
