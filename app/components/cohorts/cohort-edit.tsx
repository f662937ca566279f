"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { refreshAfterChange } from "@/app/components/trpc/query-client";
import { useTRPC } from "@/app/components/trpc/react";
import { ErrorAlert } from "@/app/components/ui/error-alert";
import { fieldErrorFor } from "@/app/components/ui/errors";
import { TextField } from "@/app/components/ui/text-field";
import type { CohortStatus } from "../ui/cohort-format";

/** As server/services/cohorts/lifecycle.ts's EDITABLE_STATUSES: until the cut-over starts. */
export const EDITABLE: CohortStatus[] = ["planning", "importing", "imported", "reconciling", "reconciled"];

type Values = { name: string; plannedCutoverDate: string; notes: string };

/** The operator's form for a cohort's name, planned cut-over date and notes (audited as cohort.updated). */
export function CohortEdit({
  id,
  initial,
}: {
  id: number;
  initial: { name: string; plannedCutoverDate: string | null; notes: string | null };
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const start = (): Values => ({
    name: initial.name,
    plannedCutoverDate: initial.plannedCutoverDate ?? "",
    notes: initial.notes ?? "",
  });
  const [open, setOpen] = useState(false);
  const [v, setV] = useState<Values>(start);
  const [saved, setSaved] = useState<null | boolean>(null);
  const update = useMutation(
    trpc.cohort.update.mutationOptions({
      onSuccess: async (r) => {
        setSaved(r.changed);
        setOpen(false);
        await refreshAfterChange(qc, trpc.cohort.pathKey());
      },
    }),
  );
  const err = (attr: string) => (update.error ? fieldErrorFor(update.error, attr) : undefined);
  if (!open) {
    return (
      <div className="stack" style={{ marginTop: 12 }}>
        {saved !== null && (
          <div className="alert alert-ok" role="status" data-testid="cohort-edit-saved">
            {saved ? "Changes saved." : "Nothing to change."}
          </div>
        )}
        <div>
          <button
            className="btn"
            type="button"
            aria-expanded={false}
            aria-controls="cohort-edit-form"
            onClick={() => (setV(start()), setSaved(null), update.reset(), setOpen(true))}
          >
            Edit details
          </button>
        </div>
      </div>
    );
  }
  return (
    <form
      id="cohort-edit-form"
      className="stack"
      style={{ marginTop: 12 }}
      aria-label="Edit cohort details"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({
          id,
          name: v.name,
          plannedCutoverDate: v.plannedCutoverDate || null,
          notes: v.notes.trim() || null,
        });
      }}
    >
      {update.error && <ErrorAlert error={update.error} fields={["name", "plannedCutoverDate", "notes"]} />}
      <div className="row fields">
        <TextField
          id="cohort-edit-name"
          label="Name"
          type="text"
          value={v.name}
          onChange={(e) => setV({ ...v, name: e.target.value })}
          required
          maxLength={100}
          error={err("name")}
          autoFocus
        />
        <TextField
          id="cohort-edit-date"
          label="Planned cut-over date"
          type="date"
          value={v.plannedCutoverDate}
          onChange={(e) => setV({ ...v, plannedCutoverDate: e.target.value })}
          hint="Leave it empty when not yet planned."
          error={err("plannedCutoverDate")}
        />
      </div>
      <div className="field">
        <label htmlFor="cohort-edit-notes">Notes</label>
        <textarea
          id="cohort-edit-notes"
          rows={3}
          maxLength={4000}
          value={v.notes}
          onChange={(e) => setV({ ...v, notes: e.target.value })}
          aria-invalid={err("notes") ? true : undefined}
        />
      </div>
      <div className="form-actions">
        <button className="btn btn-primary" type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save details"}
        </button>
        <button className="btn" type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A member's remove button, asking once before it removes (audited as cohort.members_removed). */
export function RemoveMember({
  id,
  external,
  onRemoved,
}: {
  id: number;
  external: string;
  onRemoved: (external: string) => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.cohort.removeMembers.mutationOptions({
      onSuccess: async () => {
        onRemoved(external);
        await refreshAfterChange(qc, trpc.cohort.pathKey());
      },
    }),
  );
  if (!confirming) {
    return (
      <button
        className="btn btn-sm"
        type="button"
        aria-label={`Remove ${external} from the cohort`}
        onClick={() => setConfirming(true)}
      >
        Remove
      </button>
    );
  }
  return (
    <div className="stack">
      <div className="row nowrap">
        <button
          className="btn btn-sm btn-danger"
          type="button"
          aria-label={`Confirm: remove ${external}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate({ id, externalAccountNumbers: [external] })}
        >
          {remove.isPending ? "Removing…" : "Confirm removal"}
        </button>
        <button className="btn btn-sm" type="button" onClick={() => (remove.reset(), setConfirming(false))}>
          Cancel
        </button>
      </div>
      {remove.error && <ErrorAlert error={remove.error} />}
    </div>
  );
}
