"use client";

import { RequestId } from "@/app/components/ui/request-id";
import { describeError, type ErrorHints, FORM_HINTS, otherFieldErrors } from "@/app/components/ui/errors";

/**
 * A failed change as one alert: what went wrong, and what to do next. With `fields` (a form's
 * inputs, which show their own messages) it adds the form advice and lists only the problems
 * no input shows, so nothing is lost and nothing is said twice.
 */
export function ErrorAlert({
  error,
  hints,
  fields,
  testId,
}: {
  error: unknown;
  hints?: ErrorHints;
  fields?: readonly string[];
  testId?: string;
}) {
  const e = describeError(error, fields ? { ...FORM_HINTS, ...hints } : hints);
  const others = fields ? otherFieldErrors(error, fields) : [];
  return (
    <div className="alert alert-error" role="alert" data-testid={testId}>
      <div>
        <strong>{e.title}</strong>
        {e.detail} {e.next}
        {others.length > 0 && (
          <ul style={{ margin: "6px 0 0", paddingLeft: 18 }}>
            {others.map((f, i) => (
              <li key={i}>
                {f.attr && <span className="mono">{f.attr}: </span>}
                {f.detail}
              </li>
            ))}
          </ul>
        )}
        <RequestId id={e.requestId} />
      </div>
    </div>
  );
}
