import { type SQL, sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import type { FieldError } from "../../errors";
import type { StageAccountInput } from "./account-schemas";
import { conflictErrorsFrom, type Held, usesOf } from "./meter-point-conflicts";
import { payloadRuleErrors } from "./rules";
import { tariffErrorsFrom, tariffUses } from "./tariff-errors";

/** What the catalogue and meter-point statement answers (as PostgreSQL gives it back). */
export type DataCheckRow = {
  unknown: string[];
  held: { mpxn: string; account_number: string; valid_from: string; valid_to: string | null }[] | string;
};

/** The tariff codes and meter points of a payload that the statement checks. */
export function dataCheckKeys(input: StageAccountInput) {
  const tariffs = tariffUses(input);
  const uses = usesOf(input);
  return {
    tariffs,
    uses,
    codes: [...new Set(tariffs.map((t) => t.code))],
    mpxns: [...new Set(uses.map((u) => u.mpxn))],
  };
}

/**
 * The catalogue and meter point checks as two columns of one select list (ADR 0025): `unknown`,
 * tariff codes the catalogue lacks; `held`, the agreements of the organisation's other imported
 * accounts on these meter points. `supplierId` is a value or a subquery (staging's one statement
 * takes it from its supplier CTE, ADR 0032).
 */
export function dataCheckColumns(
  keys: { codes: string[]; mpxns: string[] },
  organisationId: number,
  supplierId: number | SQL,
  external: string,
): SQL {
  // Joins, not `= any($1)`: a generic plan cannot see inside an array parameter (ADR 0011).
  // few_texts(), not unnest(): the same estimate in custom and generic plans, so PostgreSQL keeps
  // the generic one instead of planning both statements anew on every call (ADR 0034).
  return sql`
      array(select c from few_texts(${sql.param(keys.codes)}::text[]) as c where not exists (select 1 from tariffs t where t.code = c)) as unknown,
      coalesce((
        select json_agg(json_build_object('mpxn', mp.mpxn, 'account_number', a.number, 'valid_from', g.valid_from, 'valid_to', g.valid_to))
        from few_texts(${sql.param(keys.mpxns)}::text[]) as m
        join meter_points mp on mp.mpxn = m
        -- OFFSET 0 keeps each step an index look-up from the meter points: with stale statistics the
        -- planner hashed a scan of every agreement of the organisation instead (18 ms, not 0.4)
        cross join lateral (select g.account_id, g.valid_from, g.valid_to from agreements g where g.meter_point_id = mp.id offset 0) as g
        cross join lateral (select a.number, a.supplier_id, a.external_account_number from accounts a where a.id = g.account_id offset 0) as a
        join import_suppliers s on s.id = a.supplier_id
        where s.organisation_id = ${organisationId}
          -- the account's own rows (re-staging an imported account) are answered as already imported
          and not (a.supplier_id = ${supplierId} and a.external_account_number = ${external})
      ), '[]'::json) as held`;
}

/** The statement's answer as field errors, and whether another account holds any of the meter points. */
export function dataCheckErrors(
  keys: ReturnType<typeof dataCheckKeys>,
  row: DataCheckRow,
): { errors: FieldError[]; held: number } {
  const held: Held[] = (
    typeof row.held === "string" ? (JSON.parse(row.held) as Exclude<DataCheckRow["held"], string>) : row.held
  ).map((h) => ({
    mpxn: h.mpxn,
    accountNumber: h.account_number,
    validFrom: new Date(h.valid_from),
    validTo: h.valid_to === null ? null : new Date(h.valid_to),
  }));
  return {
    errors: [...tariffErrorsFrom(keys.tariffs, new Set(row.unknown)), ...conflictErrorsFrom(keys.uses, held)],
    held: held.length,
  };
}

/**
 * What staging refuses once the schema has passed: production's cross-field rules, unknown
 * tariffs and meter points supplied under another account. Shared with validate-account and
 * processing (which applies them again, as production does). The catalogue and meter point
 * checks are one statement (ADR 0025): unknown tariff codes beside the agreements of the
 * organisation's other accounts on these meter points.
 */
export async function accountDataErrors(
  db: Db,
  organisationId: number,
  supplierId: number,
  input: StageAccountInput,
): Promise<FieldError[]> {
  const rules = payloadRuleErrors(input);
  const keys = dataCheckKeys(input);
  if (!keys.tariffs.length && !keys.uses.length) return rules;
  const [row] = await execRows<DataCheckRow>(
    db,
    sql`select ${dataCheckColumns(keys, organisationId, supplierId, input.external_account_number ?? "")}`,
  );
  return [...rules, ...dataCheckErrors(keys, row).errors];
}
