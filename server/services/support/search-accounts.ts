import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { execRows } from "@/db/client";
import type { SearchTermKind } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { likePrefix } from "../../lib/keyset";
import { highlightOf, type Highlight } from "./search-highlight";
import { withoutJit } from "./without-jit";

export const SearchAccountsInput = z.strictObject({
  query: z
    .string()
    .trim()
    .min(1, "Enter something the customer told you: a name, postcode, phone number, e-mail, account or meter number.")
    .max(100),
  limit: z.number().int().min(1).max(50).default(25),
});
export type SearchAccountsInput = z.input<typeof SearchAccountsInput>;

export type SearchMatch = { kind: SearchTermKind; text: string; highlight: Highlight };
export type SearchResult = {
  accountNumber: string | null;
  externalAccountNumber: string;
  importSupplier: string;
  supplierName: string;
  status: "staged" | "imported" | "failed";
  billingName: string | null;
  /** The billing address's first line, town and postcode: a postcode search tells neighbours apart (issue 39 item 10). */
  address: string | null;
  score: number;
  matches: SearchMatch[];
  /** A row an import job refused before staging: where to fix it. */
  failedIn: { jobId: number; line: number } | null;
};

/** Prefix matches need this many characters (fewer would list half the organisation). */
const MIN_PREFIX = 3;
const MIN_DIGITS = 6;
/** Terms read per kind of match before ranking: a 6-digit MPAN prefix or a common surname can match thousands (results show 25). */
const HITS_CAP = 200;

/**
 * Finds the organisation's accounts (staged, failed and imported) by anything a caller says:
 * platform or external number, e-mail or meter serial by prefix; MPAN/MPRN by its first 6+
 * digits; phone in any format; postcode with or without its space, full or outward; names
 * and billing names by trigram similarity (typos). PostgreSQL does the matching over
 * account_search_terms (ADR 0407); results are ranked best first, each with what matched.
 */
export async function searchAccounts(ctx: Ctx, raw: SearchAccountsInput): Promise<SearchResult[]> {
  const organisationId = organisationOf(ctx);
  const { query, limit } = SearchAccountsInput.parse(raw);
  const compact = query.replace(/\s+/g, "");
  const digits = /^[+\d\s().-]+$/.test(query) ? query.replace(/\D/g, "") : "";
  const words = [
    ...new Set(
      query
        .toLowerCase()
        .split(/[^\p{L}\p{N}']+/u)
        .filter((w) => w.length >= 3),
    ),
  ];
  // One index range scan per kind, in the index's order (~<~, text_pattern_ops: an exact match, the shortest, comes first), each capped.
  const branch = (kinds: SearchTermKind[], match: SQL) =>
    sql`(select process_id, kind, term, shown, null::text as w from account_search_terms
         where organisation_id = ${organisationId} and kind in (${sql.join(
           kinds.map((k) => sql`${k}`),
           sql`, `,
         )}) and ${match}
         order by term using ~<~ limit ${HITS_CAP})`;
  const exact: SQL[] = [branch(["postcode", "postcode_outward"], sql`term = account_search_postcode(${query})`)];
  if (compact.length >= MIN_PREFIX) {
    exact.push(
      branch(["account_number"], sql`term like ${likePrefix(compact.toUpperCase())}`),
      branch(["external_number"], sql`term like ${likePrefix(query.toLowerCase())}`),
      branch(["email"], sql`term like ${likePrefix(query.toLowerCase())}`),
      branch(["meter_serial"], sql`term like ${likePrefix(compact.toUpperCase())}`),
    );
  }
  if (digits.length >= MIN_DIGITS)
    exact.push(
      branch(["mpxn"], sql`term like ${likePrefix(digits)}`),
      branch(["phone"], sql`term like ${likePrefix(ukPhone(digits))}`),
    );
  const fuzzy = words.length
    ? sql`union all
        (select t.process_id, t.kind, t.term, t.shown, s.w, s.score
        from (select word, w, similarity(word, w)::float8 as score
              from account_search_words, unnest(${sql.param(words)}::text[]) as w where word % w) s
        join account_search_terms t on t.organisation_id = ${organisationId} and t.kind in ('name', 'billing_name') and t.term = s.word
        order by s.score desc limit ${HITS_CAP})`
    : sql``;
  const rows = await withoutJit(ctx, (tx) =>
    execRows<{
      account_number: string | null;
      external_account_number: string;
      supplier_code: string;
      supplier_name: string;
      status: SearchResult["status"];
      payload_billing_name: string | null;
      address: string | null;
      score: number;
      matches: { kind: SearchTermKind; term: string; shown: string; score: number }[];
    }>(
      tx,
      sql`with exact as (${sql.join(exact, sql` union all `)}), hits as (
          select process_id, kind, term, shown, w,
            -- An identifier typed exactly outranks every name however close (issue 39 item 2).
            case when (term = lower(${compact}) or term = upper(${compact}) or term = lower(${query})) and kind in ('account_number', 'external_number', 'email', 'meter_serial', 'mpxn') then 2.0
                 when kind = 'phone' and term = ${ukPhone(digits) || "-"} then 2.0
                 when term = lower(${compact}) or term = upper(${compact}) or kind in ('postcode', 'phone') then 1.0
                 else 0.5 + 0.5 * least(length(${compact}), length(term))::float8 / greatest(length(term), 1) end::float8 as score
          from exact
          ${fuzzy}
        ), by_word as (
          -- A name scores by how well each word typed matched (Rosalind Franklin beats Rosalind Frank).
          select process_id, sum(best) / ${Math.max(words.length, 1)}::float8 as score
          from (select process_id, w, max(score) as best from hits where w is not null group by 1, 2) x group by 1
        ), ranked as (
          select process_id,
            greatest(max(score) filter (where w is null), (select b.score from by_word b where b.process_id = hits.process_id))
              + 0.1 * (count(distinct kind) - 1) as score,
            jsonb_agg(jsonb_build_object('kind', kind, 'term', term, 'shown', shown, 'score', score) order by score desc, kind) as matches
          from hits group by process_id
          order by 2 desc, process_id limit ${limit}
        )
        select a.number as account_number, p.external_account_number, s.code as supplier_code, s.name as supplier_name, p.status,
          coalesce(a.billing_name, p.payload->>'billing_name') as payload_billing_name, r.score::float8 as score, r.matches,
          nullif(concat_ws(', ', coalesce(a.billing_address_line1, p.payload->>'billing_address1'), coalesce(a.billing_town, p.payload->>'billing_address4'), coalesce(a.billing_postcode, p.payload->>'billing_postcode')), '') as address
        from ranked r
        join account_import_processes p on p.id = r.process_id
        join import_suppliers s on s.id = p.supplier_id
        left join accounts a on a.id = p.account_id
        order by r.score desc, p.external_account_number`,
    ),
  );
  const failedRows = await failedJobRows(ctx, organisationId, query);
  const shown = new Set(rows.map((r) => `${r.supplier_code}\u0000${r.external_account_number}`));
  const refused: SearchResult[] = failedRows
    .filter((r) => !shown.has(`${r.supplier_code}\u0000${r.external_account_number}`))
    .map((r) => ({
      accountNumber: null,
      externalAccountNumber: r.external_account_number,
      importSupplier: r.supplier_code,
      supplierName: r.supplier_name,
      status: "failed" as const,
      billingName: r.billing_name,
      address: r.address,
      score: 2,
      matches: [
        {
          kind: "external_number" as const,
          text: r.external_account_number,
          highlight: highlightOf(
            "external_number",
            r.external_account_number.toLowerCase(),
            r.external_account_number,
            query,
          ),
        },
      ],
      failedIn: { jobId: Number(r.job_id), line: Number(r.line) },
    }));
  return [
    ...refused,
    ...rows.map((r) => ({
      accountNumber: r.account_number,
      externalAccountNumber: r.external_account_number,
      importSupplier: r.supplier_code,
      supplierName: r.supplier_name,
      status: r.status,
      billingName: r.payload_billing_name,
      address: r.address,
      score: Math.round(Number(r.score) * 1000) / 1000,
      matches: dedupe(r.matches).map((m) => ({
        kind: m.kind,
        text: m.shown,
        highlight: highlightOf(m.kind, m.term, m.shown, query),
      })),
      failedIn: null,
    })),
  ].slice(0, limit);
}

/**
 * Rows of real import jobs that failed before staging (so no import process holds them) whose
 * external number is exactly what was typed: support finds a caller whose migration failed.
 */
function failedJobRows(ctx: Ctx, organisationId: number, query: string) {
  return execRows<{
    external_account_number: string;
    supplier_code: string;
    supplier_name: string;
    billing_name: string | null;
    address: string | null;
    job_id: number;
    line: number;
  }>(
    ctx.db,
    sql`select distinct on (j.supplier_id, lower(r.external_account_number)) r.external_account_number, s.code as supplier_code, s.name as supplier_name,
          coalesce(r.fixed_payload, r.record)->>'billing_name' as billing_name, r.job_id, r.line,
          nullif(concat_ws(', ', coalesce(r.fixed_payload, r.record)->>'billing_address1', coalesce(r.fixed_payload, r.record)->>'billing_address4', coalesce(r.fixed_payload, r.record)->>'billing_postcode'), '') as address
        from import_job_rows r join import_jobs j on j.id = r.job_id join import_suppliers s on s.id = j.supplier_id
        where lower(r.external_account_number) = lower(${query}) and r.status = 'failed' and j.organisation_id = ${organisationId} and not j.dry_run
          and not exists (select 1 from account_import_processes p where p.supplier_id = j.supplier_id and p.external_account_number = r.external_account_number)
        order by j.supplier_id, lower(r.external_account_number), r.job_id desc, r.line desc
        limit 5`,
  );
}

/** As account_search_phone (the migration) stores phones: digits, +44 and 0044 folded into a leading 0. A constant prefix lets the index serve it. */
export function ukPhone(digits: string): string {
  if (digits.startsWith("0044")) return `0${digits.slice(4)}`;
  if (digits.startsWith("44") && digits.length >= 12) return `0${digits.slice(2)}`;
  return digits;
}

/** One line per thing shown (a name matched by two words is one line). */
function dedupe<T extends { kind: string; shown: string }>(matches: T[]): T[] {
  const seen = new Set<string>();
  return matches.filter((m) => {
    const key = `${m.kind}\u0000${m.shown}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
