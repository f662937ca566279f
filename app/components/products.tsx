"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { formatDate, formatDateTime } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import { Table } from "@/app/components/ui/table";
import type { AppRouter } from "@/server/api/root";

type Product = inferRouterOutputs<AppRouter>["product"]["list"]["items"][number];

const RATE_LABEL: Record<string, string> = { standing_charge: "Standing charge (p/day)", standard_unit_rate: "Unit rate (p/kWh)", day_unit_rate: "Day rate (p/kWh)", night_unit_rate: "Night rate (p/kWh)" };

export function Products() {
  const trpc = useTRPC();
  const [search, setSearch] = useState("");
  const [brand, setBrand] = useState("");
  const q = useInfiniteQuery(trpc.product.list.infiniteQueryOptions({ search: search.trim() || undefined, brand: brand || undefined }, { getNextPageParam: (p) => p.nextCursor }));
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const brands = q.data?.pages[0]?.brands ?? [];
  return (
    <section className="card">
      <div className="filters">
        <div className="field">
          <label htmlFor="product-search">Code or name</label>
          <input id="product-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="product-brand">Brand</label>
          <select id="product-brand" value={brand} onChange={(e) => setBrand(e.target.value)}>
            <option value="">All brands</option>
            {brands.map((b) => (
              <option key={b}>{b}</option>
            ))}
          </select>
        </div>
      </div>
      <QueryState
        query={q}
        inCard
        isEmpty={items.length === 0}
        empty={
          <EmptyState title="No products" icon="◇">
            {search || brand ? "Clear the filters." : "Load products with `npm run cli -- products load <file.json>` (or `products load-demo`); they then appear here and on /v1/products/."}
          </EmptyState>
        }
      >
        {() => (
          <div className="card-body">
            {items.map((p) => (
              <ProductCard key={p.code} p={p} />
            ))}
            {q.hasNextPage && (
              <button className="btn btn-sm" type="button" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
                More products
              </button>
            )}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function ProductCard({ p }: { p: Product }) {
  const flags = Object.entries(p.flags).filter(([, on]) => on);
  return (
    <details className="note">
      <summary style={{ cursor: "pointer" }}>
        <span style={{ fontWeight: 600 }}>{p.displayName}</span> <span className="mono muted">{p.code}</span> <Badge value={p.brand} tone="neutral" />{" "}
        {flags.map(([f]) => (
          <Badge key={f} value={f} tone={f === "green" ? "ok" : f === "prepay" ? "warn" : "info"} />
        ))}{" "}
        <span className="muted small">
          · {p.tariffs.length} tariffs · {p.term ? `${p.term}-month term` : "no fixed term"} · available {formatDate(p.availableFrom)}
          {p.availableTo ? ` to ${formatDate(p.availableTo)}` : ""}
        </span>
      </summary>
      <p className="small muted">{p.description}</p>
      {p.tariffs.length === 0 ? (
        <p className="muted">No tariffs loaded for this product.</p>
      ) : (
        <div className="table-wrap">
          <Table label={`Tariffs of ${p.code}`} columns={["Region", "Tariff", "Payment", "Rates in force (inc VAT)"]}>
            {p.tariffs.map((t) => (
              <tr key={t.code}>
                <td>_{t.region}</td>
                <td className="mono">{t.code}</td>
                <td className="small">{t.paymentMethods.join(", ")}</td>
                <td className="small">
                  {t.rates.length === 0 ? (
                    <span className="muted">none in force</span>
                  ) : (
                    t.rates.map((r) => (
                      <div key={`${r.type}-${r.paymentMethod}`}>
                        {RATE_LABEL[r.type] ?? r.type}: <strong>{r.incVat}</strong> <span className="muted">({r.excVat} exc){r.paymentMethod ? ` · ${r.paymentMethod}` : ""} · since {formatDateTime(r.validFrom)}</span>
                      </div>
                    ))
                  )}
                </td>
              </tr>
            ))}
          </Table>
        </div>
      )}
    </details>
  );
}
