import { describe, expect, it } from "vitest";
import { openApiHandler as GET } from "@/server/rest/routes/industry";
import { ACCOUNT_ERROR_CODE_DESCRIPTIONS } from "@/server/services/account-import/payload/error-codes";
import { call } from "@/test/http";
import { restRoutes } from "@/server/rest/routes/table";
import { useTestDb } from "@/test/db";

useTestDb();

describe("GET /v1/openapi.json", () => {
  it("documents every data-import, account-import and public route from the handlers' zod schemas", async () => {
    const res = await call(GET, "/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = res.json;
    expect(doc.openapi).toBe("3.1.0");
    for (const path of [
      "/v1/graphql/",
      "/v1/data-import/notes/create/",
      "/v1/data-import/transactions/create/",
      "/v1/data-import/historical-statements/create/",
      "/v1/data-import/payment-instruction/create/",
      "/v1/data-import/send-registration-flows/{import_supplier_code}/{external_account_number}/",
      "/v1/data-import/account-import-process/create-or-update/",
      "/v1/data-import/account-import-process/process/",
      "/v1/data-import/validate-account/",
      "/v1/data-import/account-transfer-status/{supplier}/{external}/",
      "/v1/data-import/all-account-import-processes/{supplier}/",
      "/v1/data-import/pending-account-import-processes/{supplier}/",
      "/v1/data-import/imported-account-import-processes/{supplier}/",
      "/v1/data-import/failed-account-import-processes/{supplier}/",
      "/v1/data-import/meterpoint-statuses-for-account/{supplier}/{external}/",
      "/v2/data-import/accounts/",
      "/v2/data-import/accounts/{supplier}/{external}/",
      "/v2/data-import/accounts/validate/",
      "/v1/products/",
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    const tx = doc.paths["/v1/data-import/transactions/create/"].post;
    expect(tx.parameters.map((p: any) => [p.name, p.in, p.required])).toEqual([
      ["check_previously_added", "query", false],
      ["force_add_to_current_statement", "query", false],
    ]);
    const body = tx.requestBody.content["application/json"].schema;
    expect(Object.keys(body.properties)).toEqual([
      "import_supplier",
      "external_account_number",
      "account_number",
      "dry_run",
      "transactions",
    ]);
    const item = body.properties.transactions;
    expect(item.maxItems).toBe(1000);
    // Production's oneOf by type, each with exactly its own fields.
    expect(item.items.oneOf.map((o: any) => o.properties.type.const)).toEqual([
      "CHARGE",
      "CREDIT",
      "PAYMENT",
      "REPAYMENT",
      "SUPPLY_CHARGE",
    ]);
    expect(item.items.oneOf.every((o: any) => o.additionalProperties === false)).toBe(true);
    const supply = item.items.oneOf[4];
    expect(supply.properties.reason).toBeUndefined();
    expect(supply.required).toEqual(
      expect.arrayContaining(["transaction_id", "transaction_date", "amount", "type", "product_code", "line_items"]),
    );
    expect(supply.properties.amount.anyOf).toEqual([
      { type: "string", pattern: "^-?\\d{0,10}(?:\\.\\d{0,2}0{0,8})?$" },
      { type: "number", multipleOf: 0.01 },
    ]);
    expect(item.items.oneOf[0].properties.reason.enum).toHaveLength(77);
    expect(item.items.oneOf[1].properties.reason.enum).toContain("SBEXTRANEWACQ75");
    const result = tx.responses["201"].content["application/json"].schema.properties.results.items;
    expect(result.properties.added_transaction_id.type).toBe("integer");
    expect(tx.responses["200"]).toBeDefined();
    const reg =
      doc.paths["/v1/data-import/send-registration-flows/{import_supplier_code}/{external_account_number}/"].post;
    expect(reg.parameters.filter((p: any) => p.in === "path").map((p: any) => p.name)).toEqual([
      "import_supplier_code",
      "external_account_number",
    ]);
    expect(reg.security).toEqual([{ TokenAuth: [] }]);
    expect(doc.components.securitySchemes.TokenAuth).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "Authorization",
    });
  });

  it("documents the statuses every data-import route can return, each from the standard error schema with its code", async () => {
    const doc = (await call(GET, "/v1/openapi.json")).json;
    const ops = Object.entries(doc.paths as Record<string, Record<string, any>>)
      .filter(([p]) => p.startsWith("/v1/data-import/"))
      .flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => ({ name: `${m.toUpperCase()} ${p}`, op })));
    expect(ops.length).toBe(14);
    const codeOf = (op: any, status: number) =>
      op.responses[status]?.content["application/json"].schema.properties.code.const;
    const withStatus = (status: number) =>
      ops
        .filter(({ op }) => op.responses[status])
        .map(({ name }) => name)
        .sort();
    const writes = [
      "POST /v1/data-import/account-import-process/create-or-update/",
      "POST /v1/data-import/account-import-process/process/",
      "POST /v1/data-import/historical-statements/create/",
      "POST /v1/data-import/notes/create/",
      "POST /v1/data-import/payment-instruction/create/",
      "POST /v1/data-import/send-registration-flows/{import_supplier_code}/{external_account_number}/",
      "POST /v1/data-import/transactions/create/",
    ];
    const jsonBodies = [
      ...writes.filter((w) => !w.includes("send-registration-flows")),
      "POST /v1/data-import/validate-account/",
    ].sort();
    expect(withStatus(405)).toEqual(ops.map(({ name }) => name).sort());
    expect(withStatus(403)).toEqual(writes);
    expect(withStatus(413)).toEqual(jsonBodies);
    expect(withStatus(415)).toEqual(jsonBodies);
    expect(withStatus(409)).toEqual(["POST /v1/data-import/transactions/create/"]);
    expect(withStatus(503)).toEqual([
      "POST /v1/data-import/historical-statements/create/",
      "POST /v1/data-import/notes/create/",
    ]);
    for (const { name, op } of ops) {
      for (const [status, code] of [
        [403, "forbidden"],
        [405, "method_not_allowed"],
        [413, "payload_too_large"],
        [415, "unsupported_media_type"],
        [409, "concurrent_import"],
        [503, "document_store_unavailable"],
      ] as const) {
        if (!op.responses[status]) continue;
        expect(codeOf(op, status), `${name} ${status}`).toBe(code);
        expect(op.responses[status].content["application/json"].schema.required, `${name} ${status}`).toEqual([
          "detail",
          "code",
          "errors",
        ]);
      }
    }
    const tx = doc.paths["/v1/data-import/transactions/create/"].post;
    expect(tx.description).toContain("stores one billing.ledger.entry_posted v2");
    expect(tx.description).toContain("v1 is never stored");
    expect(tx.description).not.toContain("v1 and v2 in the same");
    const note =
      doc.paths["/v1/data-import/notes/create/"].post.responses["201"].content["application/json"].schema.items;
    expect(note.properties.body).toMatchObject({ type: ["string", "null"] });
    expect(note.required).toEqual([
      "body",
      "created_at",
      "document_paths",
      "external_id",
      "is_archived",
      "is_pinned",
      "unpin_at",
      "status",
    ]);
    const statement =
      doc.paths["/v1/data-import/historical-statements/create/"].post.requestBody.content["application/json"].schema
        .properties.statements.items;
    expect(statement.properties.gross_amount).toMatchObject({ type: ["integer", "null"] });
    const pi = doc.paths["/v1/data-import/payment-instruction/create/"].post;
    expect(pi.requestBody.content["application/json"].schema.properties.vendor.enum).toEqual([
      "STRIPE",
      "BOTTOMLINE_GLOBAL_PAYMENTS_HUB",
      "BOTTOMLINE_PTX",
      "BOTTOMLINE_PTX_BATCHED",
    ]);
    expect(pi.responses["201"].content["application/json"].schema.required).toEqual([
      "account_number",
      "kraken_account_number",
      "reference",
      "platform_account_number",
    ]);
    expect(pi.responses["400"].content["application/json"].schema.required).toEqual(
      expect.arrayContaining([
        "error_detail",
        "external_account_number",
        "import_supplier",
        "reference",
        "detail",
        "code",
        "errors",
      ]),
    );
  });

  it("documents every route and method of the REST route table (nothing undocumented but the SDL)", async () => {
    const doc = (await call(GET, "/v1/openapi.json")).json;
    const norm = (p: string) => p.replace(/\{[^}]+\}/g, "{}");
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) =>
        Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${norm(p)}`),
      ),
    );
    const routes = restRoutes
      .map((r) => `${r.method} ${r.template.replace(/\[[^\]]+\]/g, "{}")}`)
      .filter((r) => r !== "GET /v1/graphql/schema.graphql");
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((r) => !documented.has(r) && !documented.has(r.replace(/\/$/, "")))).toEqual([]);
  });

  it("describes the account-import routes with production's shapes, from the payload modules' zod schemas", async () => {
    const doc = (await call(GET, "/v1/openapi.json")).json;
    const body = (path: string) => doc.paths[path].post.requestBody.content["application/json"].schema;
    const ok = (path: string, method: string, status: number) =>
      doc.paths[path][method].responses[status].content["application/json"].schema;

    // EnergyAccount: only import_supplier required, unknown fields refused, production's nesting and names.
    const account = body("/v1/data-import/account-import-process/create-or-update/");
    expect(account.required).toEqual(["import_supplier"]);
    expect(account.additionalProperties).toBe(false);
    expect(Object.keys(account.properties)).toEqual(
      expect.arrayContaining([
        "external_account_number",
        "billing_address1",
        "billing_postcode",
        "billing_address",
        "customers",
        "supply_addresses",
        "last_billed_to_date",
        "transfer_balance",
        "notes",
        "current_statement_transactions",
      ]),
    );
    const supplyAddress = account.properties.supply_addresses.items;
    expect(Object.keys(supplyAddress.properties)).toEqual(
      expect.arrayContaining([
        "supply_address1",
        "supply_postcode",
        "customer_at_supply_address_from_date",
        "meter_points",
      ]),
    );
    const [elec, gas] = supplyAddress.properties.meter_points.items.oneOf;
    expect(elec.properties.supply_type.const).toBe("ELECTRICITY");
    expect(Object.keys(elec.properties)).toEqual(
      expect.arrayContaining(["identifier", "mpid", "profile_class", "agreements", "meters"]),
    );
    expect(gas.properties.supply_type.const).toBe("GAS");
    expect(Object.keys(gas.properties)).toEqual(expect.arrayContaining(["identifier", "shipper_mpid", "aq_history"]));
    expect(body("/v1/data-import/validate-account/")).toEqual(account);
    expect(body("/v2/data-import/accounts/validate/").properties.payload).toEqual(account);
    const schedule = body("/v2/data-import/accounts/");
    expect(schedule.required).toEqual(["payload", "task_params"]);
    expect(schedule.properties.payload).toEqual(account);
    expect(Object.keys(schedule.properties.task_params.properties).sort()).toEqual([
      "is_dry_run",
      "schedule_window_end",
      "schedule_window_start",
    ]);

    // This platform's optional cohort header (ADR 0416), beside production's payload.
    const stageOp = doc.paths["/v1/data-import/account-import-process/create-or-update/"].post;
    expect(stageOp.parameters).toEqual([
      {
        name: "X-Kraken-Migrate-Cohort",
        in: "header",
        required: false,
        description: expect.stringContaining("cohort"),
        schema: expect.objectContaining({ type: "string", maxLength: 100 }),
      },
    ]);
    expect(stageOp.description).toContain("`X-Kraken-Migrate-Cohort`");
    expect(stageOp.responses["400"].description).toContain("cohort_not_found");
    expect(doc.paths["/v1/data-import/validate-account/"].post.parameters).toEqual([]);

    const processBody = body("/v1/data-import/account-import-process/process/");
    expect(Object.keys(processBody.properties)).toEqual(
      expect.arrayContaining([
        "import_supplier_code",
        "import_supplier",
        "external_account_number",
        "operations_team_name",
        "dry_run",
      ]),
    );

    // Production's answers.
    expect(ok("/v1/data-import/account-import-process/create-or-update/", "post", 201).required).toEqual([
      "external_account_number",
      "import_supplier_code",
    ]);
    expect(Object.keys(ok("/v1/data-import/account-import-process/process/", "post", 201).properties)).toEqual([
      "external_account_number",
      "kraken_account_number",
      "account_number",
    ]);
    expect(
      ok("/v1/data-import/account-transfer-status/{supplier}/{external}/", "get", 200).properties.status.enum,
    ).toEqual(["UNKNOWN", "IN_PROGRESS", "COMPLETED"]);
    expect(ok("/v1/data-import/all-account-import-processes/{supplier}/", "get", 200).items.required).toEqual([
      "external_account_number",
      "kraken_account_number",
      "account_created_at",
    ]);
    expect(
      ok("/v1/data-import/meterpoint-statuses-for-account/{supplier}/{external}/", "get", 200).items.required,
    ).toEqual(["mpxn", "status"]);
    expect(ok("/v1/data-import/meterpoint-statuses-for-account/{supplier}/{external}/", "get", 404).required).toEqual([
      "error",
    ]);
    const status = ok("/v2/data-import/accounts/{supplier}/{external}/", "get", 200);
    expect(status.required).toEqual([
      "status",
      "kraken_identifier",
      "created_at",
      "modified_at",
      "latest_event",
      "latest_error",
    ]);
    expect(status.properties.status.enum).toEqual(
      expect.arrayContaining([
        "PENDING",
        "IN_PROGRESS",
        "PROCESSED",
        "DRY_RUN_SUCCEEDED",
        "ERRORED",
        "DRY_RUN_ERRORED",
        "CANCELLED",
      ]),
    );
    expect(ok("/v2/data-import/accounts/{supplier}/{external}/", "get", 404).properties.code.const).toBe("not_found");
    const refused = ok("/v2/data-import/accounts/", "post", 400).anyOf;
    expect(refused.map((s: any) => s.properties.code.const)).toEqual([
      "import_process_failed_validation",
      "account_import_process_already_imported",
    ]);
    expect(refused[0].properties.domain.const).toBe("import_process");
    expect(doc.paths["/v2/data-import/accounts/"].post.responses[201].content).toBeUndefined();
    expect(ok("/v2/data-import/accounts/validate/", "post", 400).required).toEqual(["detail", "code", "errors"]);

    // The error codes table: every code with its meaning, on the tag and on create-or-update/.
    const tag = doc.tags.find((t: { name: string }) => t.name === "Account import");
    const stage = doc.paths["/v1/data-import/account-import-process/create-or-update/"].post.description;
    for (const [code, meaning] of Object.entries(ACCOUNT_ERROR_CODE_DESCRIPTIONS)) {
      const row = `| \`${code}\` | ${meaning.replaceAll("|", "\\|")} |`;
      expect(tag.description, code).toContain(row);
      expect(stage, code).toContain(row);
    }
    expect(stage).toContain("`schedule_window_end_too_far_in_future`");

    // v2 routes share the data-import statuses.
    const v2 = Object.entries(doc.paths as Record<string, Record<string, any>>).filter(([p]) => p.startsWith("/v2/"));
    expect(
      v2
        .flatMap(([, ops]) => Object.values(ops))
        .every((op) => op.responses[405] && op.responses[401] && op.tags[0] === "Account import"),
    ).toBe(true);
    expect(Object.keys(doc.paths["/v2/data-import/accounts/"].post.responses).sort()).toEqual([
      "201",
      "400",
      "401",
      "403",
      "405",
      "413",
      "415",
    ]);
  });
});
