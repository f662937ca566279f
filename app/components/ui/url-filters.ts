"use client";

import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";

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
    const params = new URLSearchParams(Object.entries(draft).filter(([, v]) => v?.trim() && v !== unset) as [string, string][]);
    router.push(`${pathname}${params.size ? `?${params}` : ""}`);
  };
  return { draft, setDraft, apply };
}
