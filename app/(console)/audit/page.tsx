import type { Metadata } from "next";
import { AuditLog } from "@/app/components/audit-log";
import { requireUser } from "@/app/components/session";
import { PageHeader } from "@/app/components/ui/page-header";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage() {
  await requireUser("/audit");
  return (
    <>
      <PageHeader title="Audit log" description="Who changed what and when: suppliers, their status, API keys and console users." />
      <AuditLog />
    </>
  );
}
