/** The account page's tabs, as `?tab=` names them. */
export const ACCOUNT_TABS = [
  "overview",
  "readings",
  "payload",
  "notes",
  "transactions",
  "ledger",
  "timeline",
  "statements",
  "payments",
  "registrations",
  "events",
] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export const isAccountTab = (s: string | null | undefined): s is AccountTab => ACCOUNT_TABS.includes(s as AccountTab);

/** The account's events tab: newest first, 50 a page, with the (capped) total on the first page. */
export function accountEventsInput(accountNumber: string) {
  return { accountNumber, limit: 50, withTotal: true };
}
