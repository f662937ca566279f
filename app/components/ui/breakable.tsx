import { Fragment } from "react";

/**
 * Text whose names (`billing_postcode`, `customers.0.email`) wrap only after "_" or ".", never
 * inside a word. `break-word` still breaks a word too long for the cell; `normal` never does.
 */
export function Breakable({ text, wrap }: { text: string; wrap: "normal" | "break-word" }) {
  const parts = text.split(/(?<=[_.])(?=\S)/);
  return (
    <span style={{ overflowWrap: wrap, wordBreak: "normal" }}>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {p}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}
