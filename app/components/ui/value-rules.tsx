/** What makes a value valid, as the validators check it (README "what makes a value valid"; issue 39 item 5). */
export function ValueRules() {
  return (
    <details className="small" data-testid="value-rules">
      <summary>What makes a value valid</summary>
      <ul style={{ margin: "6px 0 0", paddingLeft: 18 }}>
        <li>
          <strong>Phone number</strong>: a UK one, 0 and 9 or 10 more digits in a range in use (
          <code>07700 900123</code>, <code>020 7946 0000</code>, <code>+44 20 7946 0000</code>), or another
          country&apos;s, <code>+</code> and its code (<code>+33 1 23 45 67 89</code>). Spaces, brackets and dashes are
          ignored; blank is allowed. A number that is not valid is reported with its value and why (too few digits, a
          range not in use).
        </li>
        <li>
          <strong>Postcode</strong>: 5 to 7 letters and digits ending in a digit and two letters (<code>SW1A 1AA</code>,
          any case and spacing).
        </li>
        <li>
          <strong>MPAN</strong>: 13 digits, the last the check digit of the first twelve; <strong>MPRN</strong>: 6 to 10
          digits.
        </li>
        <li>
          <strong>CSV</strong>: the template&apos;s column names, in any order and any case; JSON Lines: one account
          object per line (a JSON array is refused).
        </li>
      </ul>
    </details>
  );
}
