import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AccountFinder } from "@/app/components/accounts/account-finder";
import { requireUser } from "@/app/components/session";
import { getQueryClient, HydrateClient, prefetch, trpc } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";

export const metadata: Metadata = { title: "Accounts" };

export default async function AccountsPage({ searchParams }: { searchParams: Promise<{ q?: string }> }) {
  const query = ((await searchParams).q ?? "").trim();
  await requireUser(query ? `/accounts?q=${encodeURIComponent(query)}` : "/accounts");
  if (query) {
    const options = trpc.support.search.queryOptions({ query });
    await prefetch(options);
    const matches = getQueryClient().getQueryData(options.queryKey);
    // One imported account is what a support call usually means: go straight to it. So is a whole
    // platform or external number that only one imported account has, though as a prefix it also
    // matches others (`…-ACC-1` begins `…-ACC-10`).
    const whole = query.toUpperCase();
    const exact = matches?.filter(
      (m) => m.accountNumber && (m.accountNumber === whole || m.externalAccountNumber.toUpperCase() === whole),
    );
    const only = matches?.length === 1 && matches[0].accountNumber ? matches[0] : exact?.length === 1 ? exact[0] : null;
    if (only) redirect(`/accounts/${only.accountNumber}`);
  }
  return (
    <HydrateClient>
      <PageHeader
        title="Find an account"
        description="Find an account by anything the caller says, then answer “what happened to this account?”: its import stage, ledger, notes and timeline."
      />
      <AccountFinder query={query} />
    </HydrateClient>
  );
}
