import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/app/components/session";
import { supplierListParams } from "@/app/components/suppliers/list-params";
import { queryString, type SearchParams } from "@/app/components/ui/search-params";
import { SmartDeviceUpload } from "@/app/components/smart-devices/smart-device-upload";
import { SuppliersView } from "@/app/components/suppliers/suppliers-view";
import { HydrateClient, prefetch, trpc } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";

export const metadata: Metadata = { title: "Suppliers" };

export default async function SuppliersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const qs = queryString(sp);
  const user = await requireUser(`/suppliers${qs ? `?${qs}` : ""}`);
  await prefetch(trpc.supplier.list.queryOptions({}));
  const canEdit = user.role === "operator";
  return (
    <HydrateClient>
      <PageHeader
        title="Import suppliers"
        description="Each supplier groups a cohort of migrating accounts. Pause one to stop staging and importing at once."
        actions={
          canEdit ? (
            <Link className="btn btn-primary" href="/suppliers/new">
              New supplier
            </Link>
          ) : undefined
        }
      />
      {/* Keyed by the URL: Back and Forward start the filter form again from it. */}
      <SuppliersView key={qs} canEdit={canEdit} params={supplierListParams(sp)} />
      {canEdit && <SmartDeviceUpload />}
    </HydrateClient>
  );
}
