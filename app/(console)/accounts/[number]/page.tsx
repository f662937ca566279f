import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AccountDetail } from "@/app/components/accounts/account-detail";
import { accountEventsInput } from "@/app/components/accounts/tab-ids";
import { requireUser } from "@/app/components/session";
import { getQueryClient, HydrateClient, prefetch, trpc } from "@/app/components/trpc/server";
import { CopyButton, CopyLinkButton } from "@/app/components/ui/copy-button";
import { PageHeader } from "@/app/components/ui/page-header";
import { loadRecord } from "@/app/components/ui/record";

type Props = { params: Promise<{ number: string }>; searchParams: Promise<{ tab?: string }> };

const numberOf = async (params: Props["params"]) =>
  decodeURIComponent((await params).number)
    .trim()
    .toUpperCase();
const account = (number: string) => trpc.account.get.queryOptions({ accountNumber: number });

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const number = await numberOf(params);
  const { found } = await loadRecord(account(number));
  return { title: found ? number : "Account not found" };
}

export default async function AccountPage({ params, searchParams }: Props) {
  const number = await numberOf(params);
  const tab = (await searchParams).tab;
  const user = await requireUser(
    `/accounts/${encodeURIComponent(number)}${tab ? `?tab=${encodeURIComponent(tab)}` : ""}`,
  );
  const { found, data: a } = await loadRecord(account(number));
  if (!found) notFound();
  await Promise.all([
    prefetch(trpc.account.records.queryOptions({ accountNumber: number })),
    getQueryClient().prefetchInfiniteQuery(
      trpc.event.list.infiniteQueryOptions(accountEventsInput(number), { getNextPageParam: (p) => p.nextCursor }),
    ),
  ]);
  return (
    <HydrateClient>
      <PageHeader
        title={
          <span className="mono" style={{ fontSize: 22 }}>
            {number}
          </span>
        }
        crumbs={[{ href: "/accounts", label: "Accounts" }]}
        actions={
          <>
            <CopyButton value={number} label={`account number ${number}`} />
            <CopyLinkButton label="link to this account view" />
          </>
        }
        description={
          a ? (
            <>
              External number <span className="nowrap">{a.externalAccountNumber}</span>{" "}
              <CopyButton value={a.externalAccountNumber} label={`external number ${a.externalAccountNumber}`} /> ·
              supplier <span className="nowrap">{a.importSupplier}</span>
            </>
          ) : undefined
        }
      />
      <AccountDetail number={number} canEdit={user.role === "operator"} />
    </HydrateClient>
  );
}
