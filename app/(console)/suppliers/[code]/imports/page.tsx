import type { Metadata } from "next";
import { ImportsView } from "@/app/components/imports/imports-view";
import { requireUser } from "@/app/components/session";
import { HydrateClient, prefetch, trpc } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";

type Props = { params: Promise<{ code: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Imports · ${decodeURIComponent((await params).code)}` };
}

export default async function ImportsPage({ params }: Props) {
  const code = decodeURIComponent((await params).code);
  const user = await requireUser(`/suppliers/${encodeURIComponent(code)}/imports`);
  await prefetch(trpc.supplier.get.queryOptions({ code }), trpc.accountImport.activity.queryOptions({ importSupplier: code, days: 30 }));
  return (
    <HydrateClient>
      <PageHeader
        title="Account imports"
        crumbs={[
          { href: "/suppliers", label: "Suppliers" },
          { href: `/suppliers/${encodeURIComponent(code)}`, label: code },
        ]}
        description={user.role === "operator" ? "Stage accounts from a file, import them, and see what failed and why." : "What was staged and imported for this supplier, and what failed and why."}
      />
      <ImportsView code={code} canEdit={user.role === "operator"} />
    </HydrateClient>
  );
}
