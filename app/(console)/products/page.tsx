import type { Metadata } from "next";
import { Products } from "@/app/components/products/products";
import { requireUser } from "@/app/components/session";
import { PageHeader } from "@/app/components/ui/page-header";

export const metadata: Metadata = { title: "Products" };

export default async function ProductsPage() {
  await requireUser("/products");
  return (
    <>
      <PageHeader
        title="Products"
        description="The tariff catalogue the public API serves: each product's regional tariffs and the rates in force now. Read-only."
      />
      <Products />
    </>
  );
}
