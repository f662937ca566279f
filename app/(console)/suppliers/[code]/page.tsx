import type { Metadata } from "next";
import { requireUser } from "@/app/components/session";
import { SupplierActions, SupplierDetail } from "@/app/components/suppliers/supplier-detail";
import { HydrateClient, prefetch, trpc } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";

type Props = { params: Promise<{ code: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodeURIComponent((await params).code) };
}

export default async function SupplierPage({ params }: Props) {
  const code = decodeURIComponent((await params).code);
  const user = await requireUser(`/suppliers/${encodeURIComponent(code)}`);
  await prefetch(trpc.supplier.get.queryOptions({ code }));
  return (
    <HydrateClient>
      <PageHeader title={code} crumbs={[{ href: "/suppliers", label: "Suppliers" }]} actions={<SupplierActions code={code} />} />
      <SupplierDetail code={code} canEdit={user.role === "operator"} />
    </HydrateClient>
  );
}
