/** Untrusted JSON shown as text: React escapes it, nothing is parsed as HTML. */
export function JsonView({ value, label }: { value: unknown; label?: string }) {
  return (
    <pre className="json" role="group" aria-label={label} tabIndex={0}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
