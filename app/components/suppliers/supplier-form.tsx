"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { fieldErrorFor } from "@/app/components/ui/errors";
import { ErrorAlert } from "@/app/components/ui/error-alert";
import { TextField } from "@/app/components/ui/text-field";
import { refreshAfterChange } from "@/app/components/trpc/query-client";

type Values = { code: string; name: string; documentRoot: string; sendAutomatedEmails: boolean };

const EDITABLE = ["name", "documentRoot", "sendAutomatedEmails"];

/** Create (all fields) or edit (code fixed) an import supplier. */
export function SupplierForm({ initial, mode }: { initial?: Values; mode: "create" | "edit" }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const router = useRouter();
  const [v, setV] = useState<Values>(initial ?? { code: "", name: "", documentRoot: "", sendAutomatedEmails: false });
  const [saved, setSaved] = useState(false);
  const stores = useQuery(trpc.supplier.documentStores.queryOptions({}));
  const done = async () => {
    await refreshAfterChange(qc, trpc.supplier.pathKey());
  };
  const create = useMutation(
    trpc.supplier.create.mutationOptions({
      onSuccess: async (s) => (await done(), router.push(`/suppliers/${encodeURIComponent(s.code)}`)),
    }),
  );
  const update = useMutation(
    trpc.supplier.update.mutationOptions({
      // Show what was stored: a blank name comes back as the code.
      onSuccess: async (s) => (
        setV((cur) => ({ ...cur, name: s.name, documentRoot: s.documentRoot })), await done(), setSaved(true)
      ),
    }),
  );
  const m = mode === "create" ? create : update;
  const err = (attr: string) => (m.error ? fieldErrorFor(m.error, attr) : undefined);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const name = v.name.trim();
    // A blank root on create: the organisation's own folder (shown under the field), changed later.
    if (mode === "create")
      create.mutate({
        code: v.code.trim(),
        name: name || undefined,
        documentRoot: v.documentRoot.trim() || undefined,
        sendAutomatedEmails: v.sendAutomatedEmails,
      });
    // Blank is sent as null: the server resets the name to the code (and audits it).
    else
      update.mutate({
        code: v.code,
        name: name || null,
        documentRoot: v.documentRoot.trim(),
        sendAutomatedEmails: v.sendAutomatedEmails,
      });
  };
  const field = (
    id: keyof Values,
    label: string,
    hint: string,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <TextField
      id={`supplier-${id}`}
      label={label}
      hint={hint}
      error={err(id) || undefined}
      type="text"
      value={String(v[id])}
      onChange={(e) => (setSaved(false), setV({ ...v, [id]: e.target.value }))}
      {...props}
    />
  );
  return (
    <form onSubmit={submit} noValidate>
      {m.error && (
        <ErrorAlert error={m.error} fields={mode === "create" ? ["code", ...EDITABLE] : EDITABLE} testId="form-error" />
      )}
      {saved && (
        <div className="alert alert-ok" role="status">
          Changes saved.
        </div>
      )}
      {mode === "create" &&
        field(
          "code",
          "Code",
          "Sent as import_supplier by migration scripts. Letters, digits, - and _; it cannot change later.",
          { required: true, autoFocus: true },
        )}
      {field("name", "Name", "Shown in the console. Leave it blank to use the code.")}
      {field(
        "documentRoot",
        mode === "create" ? "Document root (optional)" : "Document root",
        mode === "create"
          ? `Where this supplier's documents live; document paths in payloads are relative to it. Leave it blank to use this organisation's own folder${stores.data ? `, ${stores.data.ownFolder}/${v.code.trim() || "<code>"}` : ""}; you can change it later.`
          : "Where this supplier's documents live; document paths in payloads are relative to it.",
        {
          required: mode === "edit",
          placeholder: mode === "create" ? "s3://bucket/prefix or file:///path" : undefined,
        },
      )}
      {stores.data && (
        <div className="field small" data-testid="allowed-stores">
          <div className="label">This platform allows document roots in</div>
          <ul style={{ margin: "4px 0 0", paddingLeft: 18 }}>
            {stores.data.allowed.map((a) => (
              <li key={a} className="break-anywhere">
                {a}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={v.sendAutomatedEmails}
            onChange={(e) => (setSaved(false), setV({ ...v, sendAutomatedEmails: e.target.checked }))}
          />
          Send automated e-mails to customers on migration
        </label>
      </div>
      <div className="form-actions">
        <button className="btn btn-primary" type="submit" disabled={m.isPending}>
          {m.isPending ? "Saving…" : mode === "create" ? "Create supplier" : "Save changes"}
        </button>
        {mode === "create" && (
          <button className="btn" type="button" onClick={() => router.push("/suppliers")}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
