/** GSP group letters as people name the regions (platform-facts: tariffs are priced per GSP group). */
export const REGION_NAMES: Record<string, string> = {
  A: "Eastern England",
  B: "East Midlands",
  C: "London",
  D: "Merseyside and North Wales",
  E: "West Midlands",
  F: "North Eastern England",
  G: "North Western England",
  H: "Southern England",
  J: "South Eastern England",
  K: "South Wales",
  L: "South Western England",
  M: "Yorkshire",
  N: "South Scotland",
  P: "North Scotland",
};

export const regionName = (letter: string) => `${REGION_NAMES[letter] ?? "Region"} (_${letter})`;

/** electricity, 2 registers → "Electricity, day and night rates". */
export function tariffKind(fuel: string, registers: number): string {
  if (fuel === "gas") return "Gas";
  return registers === 2 ? "Electricity, day and night rates" : "Electricity, single rate";
}

const PAYMENT: Record<string, string> = {
  DIRECT_DEBIT: "Direct Debit",
  NON_DIRECT_DEBIT: "on receipt of bill",
  PREPAYMENT: "prepayment",
};
export const paymentWords = (methods: string[]) => methods.map((m) => PAYMENT[m] ?? m.toLowerCase()).join(", ");
