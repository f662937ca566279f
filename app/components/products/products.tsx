"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { CopyButton, CopyLinkButton } from "@/app/components/ui/copy-button";
import { formatDate } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import { useQueryParam } from "@/app/components/ui/use-query-param";
import type { AppRouter } from "@/server/api/root";
import { paymentWords, regionName, tariffKind } from "./regions";
import { TariffRates } from "./tariff-rates";

type Product = inferRouterOutputs<AppRouter>["product"]["list"]["items"][number];
type Tariff = Product["tariffs"][number];

/**
 * Products by name, each folded to one line; a product opens to its regions (folded too), a
 * region to its tariffs, and a tariff's rates are read only when asked for. The search, brand,
 * open product and open tariff are in the URL, so a link opens the same view.
 */
export function Products() {
  const trpc = useTRPC();
  const [search, setSearch] = useQueryParam("q");
  const [brand, setBrand] = useQueryParam("brand");
  const [open, setOpen] = useQueryParam("product");
  const [tariff, setTariff] = useQueryParam("tariff");
  const q = useInfiniteQuery(
    trpc.product.list.infiniteQueryOptions(
      { search: search.trim() || undefined, brand: brand || undefined },
      { getNextPageParam: (p) => p.nextCursor },
    ),
  );
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const brands = q.data?.pages[0]?.brands ?? [];
  return (
    <section className="card" aria-labelledby="products-title">
      <h2 id="products-title" className="visually-hidden">
        Products by name
      </h2>
      <div className="filters">
        <div className="field">
          <label htmlFor="product-search">Name or code</label>
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
        <span className="spacer" />
        <CopyLinkButton />
      </div>
      <QueryState
        query={q}
        inCard
        isEmpty={items.length === 0}
        empty={
          <EmptyState title="No products" icon="◇">
            {search || brand
              ? "Clear the filters."
              : "Load products with `npm run cli -- products load <file.json>` (or `products load-demo`); they then appear here and on /v1/products/."}
          </EmptyState>
        }
      >
        {() => (
          <div className="card-body">
            {items.map((p) => (
              <ProductItem
                key={p.code}
                p={p}
                open={open === p.code}
                onToggle={(o) => setOpen(o ? p.code : open === p.code ? "" : open)}
                tariff={tariff}
                setTariff={setTariff}
              />
            ))}
            {q.hasNextPage && (
              <button
                className="btn btn-sm"
                type="button"
                onClick={() => void q.fetchNextPage()}
                disabled={q.isFetchingNextPage}
              >
                More products
              </button>
            )}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function ProductItem({
  p,
  open,
  onToggle,
  tariff,
  setTariff,
}: {
  p: Product;
  open: boolean;
  onToggle: (open: boolean) => void;
  tariff: string;
  setTariff: (code: string) => void;
}) {
  const flags = Object.entries(p.flags).filter(([, on]) => on);
  const regions = [...new Set(p.tariffs.map((t) => t.region))];
  const fuels = [...new Set(p.tariffs.map((t) => t.fuel))];
  return (
    <details
      className="note"
      open={open}
      onToggle={(e) => e.currentTarget.open !== open && onToggle(e.currentTarget.open)}
      data-testid="product"
    >
      <summary style={{ cursor: "pointer" }}>
        <h3 style={{ display: "inline", fontSize: 15 }}>{p.displayName}</h3> <Badge value={p.brand} tone="neutral" />{" "}
        {flags.map(([f]) => (
          <Badge key={f} value={f} tone={f === "green" ? "ok" : f === "prepay" ? "warn" : "info"} />
        ))}
        <span className="muted small" style={{ display: "block" }}>
          {regions.length} {regions.length === 1 ? "region" : "regions"} · {fuels.join(" and ") || "no tariffs"} ·{" "}
          {p.term ? `${p.term}-month term` : "no fixed term"} · available {formatDate(p.availableFrom)}
          {p.availableTo ? ` to ${formatDate(p.availableTo)}` : ""} · code <span className="mono">{p.code}</span>
        </span>
      </summary>
      {open && (
        <>
          <p className="small muted">{p.description}</p>
          {p.tariffs.length === 0 ? (
            <p className="muted">No tariffs loaded for this product.</p>
          ) : (
            <ul className="region-list" aria-label={`Regions of ${p.displayName}`}>
              {regions.map((r) => {
                const inRegion = p.tariffs.filter((t) => t.region === r);
                return (
                  <li key={r}>
                    <details open={inRegion.some((t) => t.code === tariff) || undefined}>
                      <summary>
                        {regionName(r)}{" "}
                        <span className="muted small">
                          · {inRegion.length === 1 ? "1 tariff" : `${inRegion.length} tariffs`}
                        </span>
                      </summary>
                      {inRegion.map((t) => (
                        <TariffLine
                          key={t.code}
                          t={t}
                          open={tariff === t.code}
                          onToggle={() => setTariff(tariff === t.code ? "" : t.code)}
                        />
                      ))}
                    </details>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </details>
  );
}

function TariffLine({ t, open, onToggle }: { t: Tariff; open: boolean; onToggle: () => void }) {
  return (
    <div data-testid="tariff">
      <div className="tariff-line">
        <span>{tariffKind(t.fuel, t.registers)}</span>
        <span className="mono small">{t.code}</span>
        <CopyButton value={t.code} label={`tariff code ${t.code}`} />
        <span className="muted small">{paymentWords(t.paymentMethods)}</span>
        <button
          type="button"
          className="btn btn-sm"
          aria-expanded={open}
          aria-controls={`rates-${t.code}`}
          onClick={onToggle}
        >
          {open ? "Hide rates" : "Show rates"}
        </button>
      </div>
      {open && <TariffRates code={t.code} />}
    </div>
  );
}
