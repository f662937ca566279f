/** `text` with the [start, end) part marked (<mark>), as the search reports what matched. */
export function Highlighted({ text, range }: { text: string; range: [number, number] | null }) {
  if (!range) return <>{text}</>;
  const [start, end] = range;
  return (
    <>
      {text.slice(0, start)}
      <mark>{text.slice(start, end)}</mark>
      {text.slice(end)}
    </>
  );
}

/** ts_headline's output (matches between \u0001 and \u0002) as text with <mark>s: nothing in it is HTML. */
export function Headline({ text }: { text: string }) {
  const parts = text.split(/(\u0001[^\u0002]*\u0002)/);
  return <>{parts.map((p, i) => (p.startsWith("\u0001") ? <mark key={i}>{p.slice(1, -1)}</mark> : p))}</>;
}
