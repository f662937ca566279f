import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/app/components/session";
import { SuppliersView } from "@/app/components/suppliers/suppliers-view";
import { HydrateClient, prefetch, trpc } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";

export const metadata: Metadata = { title: "Suppliers" };

export default async function SuppliersPage() {
  const user = await requireUser("/suppliers");
  await prefetch(trpc.supplier.list.queryOptions({}));
  const canEdit = user.role === "operator";
  return (
    <HydrateClient>
      <PageHeader
        title="Import suppliers"
        description="Each supplier groups a cohort of migrating accounts. Pause one to stop staging and importing at once."
        actions={canEdit ? <Link className="btn btn-primary" href="/suppliers/new">New supplier</Link> : undefined}
      />
      <SuppliersView canEdit={canEdit} />
    </HydrateClient>
  );
}
