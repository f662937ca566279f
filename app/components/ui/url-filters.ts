"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";

/**
 * A filter form whose applied state lives in the URL: edits stay in `draft` until the form
 * is submitted, then the non-empty values (and none equal to `unset`) become the query string.
 */
export function useUrlFilters<F extends Record<string, string | undefined>>(applied: F, unset = "any") {
  const router = useRouter();
  const pathname = usePathname();
  const [draft, setDraft] = useState<F>(applied);
  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    const params = new URLSearchParams(
      Object.entries(draft).filter(([, v]) => v?.trim() && v !== unset) as [string, string][],
    );
    router.push(`${pathname}${params.size ? `?${params}` : ""}`);
  };
  return { draft, setDraft, apply };
}

type Params = Record<string, string | undefined>;

/**
 * The shared URL-filter form (typed text applies on submit), plus changes that apply at once:
 * a select, a sort header, a page button. Either way the whole state becomes the query string,
 * so reload and Back keep it. Mount the component with `key` = the query string, as the event
 * and audit logs do, so the form starts again from the URL after Back.
 */
export function useUrlState<F extends Params>(applied: F) {
  const { draft, setDraft, apply } = useUrlFilters<F>(applied, "");
  const form = useRef<HTMLFormElement>(null);
  const [submits, setSubmits] = useState(0);
  // Submitted after the render that holds the new draft, so the form's handler sends it.
  useEffect(() => {
    if (submits) form.current?.requestSubmit();
  }, [submits]);
  const applyNow = (patch: Partial<F>) => {
    setDraft({ ...draft, ...patch });
    setSubmits((n) => n + 1);
  };
  return { draft, setDraft, apply, applyNow, form };
}
