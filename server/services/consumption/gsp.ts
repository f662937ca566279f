/** GSP group by distributor id: the MPAN core's first two digits (platform-facts, meter points). */
const GSP_BY_DISTRIBUTOR: Record<string, string> = {
  "10": "_A",
  "11": "_B",
  "12": "_C",
  "13": "_D",
  "14": "_E",
  "15": "_F",
  "16": "_G",
  "17": "_P",
  "18": "_N",
  "19": "_J",
  "20": "_H",
  "21": "_K",
  "22": "_L",
  "23": "_M",
};

export function gspOfMpan(mpan: string): string | null {
  return GSP_BY_DISTRIBUTOR[mpan.slice(0, 2)] ?? null;
}

/** The region letter a tariff code ends with (E-1R-VAR-22-11-01-C → _C). */
export function gspOfTariffCode(code: string | null | undefined): string | null {
  const m = code ? /-([A-P])$/.exec(code) : null;
  return m && m[1] !== "I" && m[1] !== "O" ? `_${m[1]}` : null;
}
