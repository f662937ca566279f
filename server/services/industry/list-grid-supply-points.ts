import type { Ctx } from "../../context";
import { GSP_GROUPS } from "../consumption/consumption-schemas";
import { GridSupplyPointsQuery, type GridSupplyPointPage } from "./grid-supply-point-schemas";
import table from "./postcode-gsp-groups.json";

type Group = (typeof GSP_GROUPS)[number];
const AREAS = table.areas as Record<string, Group>;
const DISTRICTS = table.districts as Record<string, Group>;
const OUTSIDE = new Set(table.outside);

// A full postcode (outward + inward) or an outward code alone, spaces removed.
const POSTCODE = /^([A-Z]{1,2})([0-9][0-9A-Z]?)([0-9][A-Z]{2})?$/;

/**
 * The GSP group a postcode's supply is in, from the postcode table kept as data
 * (postcode-gsp-groups.json: a group per postcode area, and the districts that differ; source
 * and limits in ADR 0211), or null when it cannot be mapped: not a postcode, an area outside
 * GB's 14 groups (Northern Ireland, the Channel Islands, the Isle of Man), or unknown.
 */
export function gspGroupOfPostcode(postcode: string): Group | null {
  const m = POSTCODE.exec(postcode.replace(/\s+/g, "").toUpperCase());
  if (!m) return null;
  const [, area, district] = m;
  if (OUTSIDE.has(area)) return null;
  const outward = area + district;
  // A sub-district (SW1A, EC1M, W1F) lies in its district (SW1, EC1, W1).
  const parent = /[A-Z]$/.test(district) ? area + district.slice(0, -1) : outward;
  return DISTRICTS[outward] ?? DISTRICTS[parent] ?? AREAS[area] ?? null;
}

/**
 * Production's GET /v1/industry/grid-supply-points/: every group without a postcode, the
 * postcode's group with one, an empty page when it cannot be mapped (never an error). Public:
 * anyone may ask, so the context is not looked at.
 */
export function listGridSupplyPoints(_ctx: Ctx, raw: GridSupplyPointsQuery): GridSupplyPointPage {
  const { postcode } = GridSupplyPointsQuery.parse(raw);
  const groups: readonly Group[] =
    postcode === undefined || postcode.trim() === ""
      ? GSP_GROUPS
      : [gspGroupOfPostcode(postcode)].filter((g): g is Group => g !== null);
  return { count: groups.length, next: null, previous: null, results: groups.map((group_id) => ({ group_id })) };
}
