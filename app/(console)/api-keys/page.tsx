import type { Metadata } from "next";
import { ApiKeys } from "@/app/components/api-keys";
import { requireUser } from "@/app/components/session";
import { HydrateClient, prefetch, trpc } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const user = await requireUser("/api-keys");
  await prefetch(trpc.apiKey.list.queryOptions({}));
  return (
    <HydrateClient>
      <PageHeader
        title="API keys"
        description="Keys your migration scripts use for the data-import API. Only a hash is stored: a key is shown once, when it is created."
      />
      <ApiKeys canEdit={user.role === "operator"} />
    </HydrateClient>
  );
}
