import { z } from "zod";
import { ErrorBody } from "../../errors";
import { PublicAccount, PublicAccountParams } from "../../services/accounts/public-account-schema";
import {
  MAX_PAGE_SIZE,
  ProductDetail,
  ProductDetailQuery,
  ProductListQuery,
  ProductPage,
  RatesQuery,
  UnitRatePage,
} from "../../services/products/public-schemas";
import { defineContract, type RouteContract } from "./contract";

const TAGS = ["Public"];
const ProductParams = z.object({ product_code: z.string().describe("e.g. VAR-22-11-01") });
const TariffParams = ProductParams.extend({
  tariff_code: z.string().describe("e.g. E-1R-VAR-22-11-01-C; must belong to the product"),
});

const cached =
  "Public and cacheable: `ETag` and `Cache-Control: public, max-age=60`; a matching `If-None-Match` gets 304 with no body.";
const notModified = { description: "Not modified: the If-None-Match ETag still matches." };
const badQuery = {
  description: "A query parameter is invalid (`code` invalid_query, one error per parameter with `attr`).",
  schema: ErrorBody,
};
const notFound = (what: string) => ({ description: what, schema: ErrorBody });

const RATE_ROUTES = [
  { fuel: "electricity", path: "standard-unit-rates", what: "standard unit rates (single-register electricity)" },
  { fuel: "electricity", path: "standing-charges", what: "standing charges" },
  { fuel: "electricity", path: "day-unit-rates", what: "day unit rates (dual-register electricity)" },
  { fuel: "electricity", path: "night-unit-rates", what: "night unit rates (dual-register electricity)" },
  { fuel: "gas", path: "standard-unit-rates", what: "gas unit rates" },
  { fuel: "gas", path: "standing-charges", what: "gas standing charges" },
  // Gas tariffs are single-register: these answer 404 rate_type_not_applicable for a gas tariff.
  { fuel: "gas", path: "day-unit-rates", what: "day unit rates (none for gas: rate_type_not_applicable)" },
  { fuel: "gas", path: "night-unit-rates", what: "night unit rates (none for gas: rate_type_not_applicable)" },
] as const;

const rateDoc = (r: (typeof RATE_ROUTES)[number]) =>
  defineContract({
    method: "get",
    path: `/v1/products/{product_code}/${r.fuel}-tariffs/{tariff_code}/${r.path}/`,
    summary: `A tariff's ${r.what}`,
    description:
      "Newest first (by valid_from). Results overlap [period_from, period_to): period_from is inclusive, so a rate already in force is " +
      "included; period_to is exclusive. Datetimes without an offset are Europe/London wall time: in the repeated autumn hour the " +
      "first (BST) instant is used, a time inside the missing spring hour moves forward by the gap. `valid_to: null` is open-ended. " +
      `page_size up to ${MAX_PAGE_SIZE}; follow \`next\` until null. ${cached}`,
    tags: TAGS,
    auth: "none",
    params: TariffParams,
    query: RatesQuery,
    responses: {
      200: { description: "A page of unit rates.", schema: UnitRatePage },
      304: notModified,
      400: badQuery,
      404: notFound(
        "Unknown product or tariff, a tariff of another product or fuel (tariff_not_found), a rate type the tariff does not have (rate_type_not_applicable), or a page past the end (invalid_page).",
      ),
    },
  });

const rateRoutes = RATE_ROUTES.map(rateDoc);

/** The contract of one rate route, e.g. ("gas", "standing-charges"). */
export function tariffRateRoute(
  fuel: (typeof RATE_ROUTES)[number]["fuel"],
  path: (typeof RATE_ROUTES)[number]["path"],
) {
  const found = rateRoutes.find((r) => r.path === `/v1/products/{product_code}/${fuel}-tariffs/{tariff_code}/${path}/`);
  if (!found) throw new Error(`No rate route ${fuel} ${path}`);
  return found;
}

export const productListRoute = defineContract({
  method: "get",
  path: "/v1/products/",
  summary: "List products",
  description:
    `Products available at \`available_at\` (default now), ordered by code. page_size defaults to 100, at most ${MAX_PAGE_SIZE}; ` +
    `\`next\`/\`previous\` are absolute URLs on the request's own scheme and host (X-Forwarded-Proto/-Host honoured). ${cached}`,
  tags: TAGS,
  auth: "none",
  query: ProductListQuery,
  responses: {
    200: { description: "A page of products.", schema: ProductPage },
    304: notModified,
    400: badQuery,
    404: notFound("A page past the end (invalid_page)."),
  },
});

export const productDetailRoute = defineContract({
  method: "get",
  path: "/v1/products/{product_code}/",
  summary: "A product with its regional tariffs",
  description:
    "Tariffs keyed by GSP region (_A.._P, no _I/_O) then payment method (direct_debit_monthly, varying, prepayment), priced as at " +
    `\`tariffs_active_at\` (default now); a tariff with no price in force then is left out. Each tariff links to its rate routes. ${cached}`,
  tags: TAGS,
  auth: "none",
  params: ProductParams,
  query: ProductDetailQuery,
  responses: {
    200: { description: "The product.", schema: ProductDetail },
    304: notModified,
    400: badQuery,
    404: notFound("No product with that code (product_not_found)."),
  },
});

export const publicAccountRoute = defineContract({
  method: "get",
  path: "/v1/accounts/{account_number}/",
  summary: "An account with its properties, meter points and agreements",
  description:
    "Authenticate with `Authorization: Token <access token>` (also `JWT <token>` or the bare token) or HTTP basic auth with the " +
    "organisation API key as user name and an empty password. Only the caller's organisation's accounts are visible.",
  tags: TAGS,
  auth: "token_or_basic",
  params: PublicAccountParams,
  responses: {
    200: { description: "The account.", schema: PublicAccount },
    401: {
      description:
        "Missing (authentication_required) or invalid/expired credentials (authentication_failed, token_expired).",
      schema: ErrorBody,
    },
    404: notFound("No such account in the caller's organisation (account_not_found)."),
  },
});

/** The public REST routes of the products/tariffs/accounts area, for /v1/openapi.json. */
export const publicRoutes: RouteContract[] = [productListRoute, productDetailRoute, ...rateRoutes, publicAccountRoute];
