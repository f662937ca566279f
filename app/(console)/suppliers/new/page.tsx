import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/app/components/session";
import { SupplierForm } from "@/app/components/suppliers/supplier-form";
import { PageHeader } from "@/app/components/ui/page-header";

export const metadata: Metadata = { title: "New supplier" };

export default async function NewSupplierPage() {
  const user = await requireUser("/suppliers/new");
  return (
    <>
      <PageHeader
        title="New import supplier"
        crumbs={[{ href: "/suppliers", label: "Suppliers" }]}
        description="A new cohort starts Ongoing: migration scripts can stage accounts under it straight away."
      />
      <section className="card" style={{ maxWidth: 640 }}>
        <div className="card-body">
          {user.role === "operator" ? (
            <SupplierForm mode="create" />
          ) : (
            <div className="alert alert-info" role="status">
              Only operators create suppliers. <Link href="/suppliers">Back to suppliers</Link>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
