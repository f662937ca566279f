"use client";

import { CopyButton } from "./copy-button";

/** The request id support quotes to the platform team, who find the logged request by it. */
export function RequestId({ id }: { id: string | null }) {
  if (!id) return null;
  return (
    <div className="request-id" data-testid="request-id">
      <span>
        Request id <code>{id}</code>
      </span>
      <CopyButton value={id} label={`request id ${id}`} />
    </div>
  );
}
