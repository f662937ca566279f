import { inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tariffs } from "@/db/schema";

/** The codes (deduplicated, in input order) that name no loaded tariff; account import reports them as tariff_code_not_found. */
export async function findUnknownTariffCodes(db: Db, codes: string[]): Promise<string[]> {
  const wanted = [...new Set(codes)];
  if (!wanted.length) return [];
  const found = new Set<string>();
  for (let i = 0; i < wanted.length; i += 5000) {
    const rows = await db
      .select({ code: tariffs.code })
      .from(tariffs)
      .where(inArray(tariffs.code, wanted.slice(i, i + 5000)));
    for (const r of rows) found.add(r.code);
  }
  return wanted.filter((c) => !found.has(c));
}
