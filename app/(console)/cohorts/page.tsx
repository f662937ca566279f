import type { Metadata } from "next";
import { CohortsList } from "@/app/components/cohorts/cohorts-list";
import { requireUser } from "@/app/components/session";
import { HydrateClient } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";

export const metadata: Metadata = { title: "Cohorts" };

export default async function CohortsPage() {
  const user = await requireUser("/cohorts");
  return (
    <HydrateClient>
      <PageHeader
        title="Cohorts"
        description="Every supplier's cohorts. Create one from its supplier's Cohorts page."
      />
      <CohortsList canEdit={user.role === "operator"} />
    </HydrateClient>
  );
}
