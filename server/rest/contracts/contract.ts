import type { z } from "zod";

/**
 * One REST operation's contract, written once: its path, auth, request and response zod
 * schemas and its OpenAPI text. The handler is built from it (`contractRoute`) and
 * /v1/openapi.json is generated from the table of them (`routeTable`).
 */
export type RouteContract = {
  method: "get" | "post";
  /** OpenAPI path template, e.g. `/v1/products/{product_code}/`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: "none" | "token" | "token_or_basic";
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Optional request headers the route reads beyond auth and content type (OpenAPI `in: header` parameters). */
  headers?: z.ZodObject;
  body?: z.ZodType;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
};

/** A tag's own documentation (OpenAPI's top-level `tags`), for what its operations share. */
export type TagDoc = { name: string; description: string };

/** Keeps a contract's own schema types (its query, body and responses) for the handler built from it. */
export const defineContract = <C extends RouteContract>(contract: C): C => contract;

/** A route handler (or a Yoga one) carries the contract it serves, so a test can check each route file against the table. */
export type WithContract<H> = H & { contract: RouteContract };
export const withContract = <H extends object>(handler: H, contract: RouteContract): WithContract<H> =>
  Object.assign(handler, { contract });
