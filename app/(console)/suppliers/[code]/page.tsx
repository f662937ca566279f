import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireUser } from "@/app/components/session";
import { SupplierActions, SupplierDetail, SupplierTitle } from "@/app/components/suppliers/supplier-detail";
import { HydrateClient, trpc } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";
import { loadRecord } from "@/app/components/ui/record";

type Props = { params: Promise<{ code: string }> };

const codeOf = async (params: Props["params"]) => decodeURIComponent((await params).code);
const supplier = (code: string) => trpc.supplier.get.queryOptions({ code });

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const code = await codeOf(params);
  const { found } = await loadRecord(supplier(code));
  return { title: found ? code : "Supplier not found" };
}

export default async function SupplierPage({ params }: Props) {
  const code = await codeOf(params);
  const user = await requireUser(`/suppliers/${encodeURIComponent(code)}`);
  const { found } = await loadRecord(supplier(code));
  if (!found) notFound();
  return (
    <HydrateClient>
      <PageHeader
        title={<SupplierTitle code={code} />}
        crumbs={[{ href: "/suppliers", label: "Suppliers" }]}
        actions={<SupplierActions code={code} />}
      />
      <SupplierDetail code={code} canEdit={user.role === "operator"} />
    </HydrateClient>
  );
}
