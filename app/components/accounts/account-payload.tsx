"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/app/components/trpc/react";
import { PayloadTree } from "@/app/components/ui/payload-tree";
import { QueryState } from "@/app/components/ui/query-state";

/**
 * The Import payload tab: the EnergyAccount the script staged, every field, including those the
 * platform only keeps (debts, payment plans, consents, ...) rather than maps into its tables.
 */
export function AccountPayload({ supplier, external }: { supplier: string; external: string }) {
  const trpc = useTRPC();
  const q = useQuery(
    trpc.accountImport.get.queryOptions({ importSupplier: supplier, externalAccountNumber: external }),
  );
  return (
    <QueryState query={q}>
      {(p) => (
        <div data-testid="account-payload">
          <p className="muted small" style={{ marginTop: 0 }}>
            What the migration script staged as production&apos;s EnergyAccount, as it was imported. Fields the platform
            does not act on yet are kept here.{" "}
            <Link href={`/accounts/import/${encodeURIComponent(supplier)}/${encodeURIComponent(external)}`}>
              Import record
            </Link>
          </p>
          <PayloadTree tree={p.tree} errors={p.errors} label="Imported payload" />
        </div>
      )}
    </QueryState>
  );
}
