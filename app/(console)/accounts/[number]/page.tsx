import type { Metadata } from "next";
import { AccountDetail } from "@/app/components/accounts/account-detail";
import { requireUser } from "@/app/components/session";
import { getQueryClient, HydrateClient, prefetch, trpc } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";

type Props = { params: Promise<{ number: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodeURIComponent((await params).number) };
}

export default async function AccountPage({ params }: Props) {
  const number = decodeURIComponent((await params).number).toUpperCase();
  await requireUser(`/accounts/${encodeURIComponent(number)}`);
  const account = trpc.account.get.queryOptions({ accountNumber: number });
  await prefetch(account, trpc.account.records.queryOptions({ accountNumber: number }), trpc.event.list.queryOptions({ accountNumber: number, limit: 100 }));
  const a = getQueryClient().getQueryData(account.queryKey);
  return (
    <HydrateClient>
      <PageHeader
        title={<span className="mono" style={{ fontSize: 22 }}>{number}</span>}
        crumbs={[{ href: "/accounts", label: "Accounts" }]}
        description={a ? `External number ${a.externalAccountNumber} · supplier ${a.importSupplier}` : undefined}
      />
      <AccountDetail number={number} />
    </HydrateClient>
  );
}
