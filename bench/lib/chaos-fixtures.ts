import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { addDays } from "@/server/lib/time";
import { withMpanCheckDigit } from "@/server/lib/validators";

// Fixtures for bench/resend-chaos.ts: a seeded random source, account payloads, the
// operations a migration script sends per account, and a local fake payment vendor.

/** mulberry32: a small seeded PRNG, so a run can be repeated from its seed. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
    shuffle: <T>(xs: T[]) => {
      for (let i = xs.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [xs[i], xs[j]] = [xs[j], xs[i]];
      }
      return xs;
    },
  };
}
export type Rng = ReturnType<typeof seededRandom>;

export type ChaosAccount = {
  index: number;
  external: string;
  mpan: string;
  mprn: string | null;
  serial: string;
  number?: string;
};

/** The account-import payload of one account: an electricity meter point with a meter, a gas one on every other account. */
export function stagePayload(supplier: string, acc: ChaosAccount, today: string) {
  const agreement = (code: string) => [{ tariff_code: code, valid_from: "2025-01-01T00:00:00Z" }];
  return {
    import_supplier: supplier,
    external_account_number: acc.external,
    billing_name: `Chaos Customer ${acc.index}`,
    billing_address: { address_line_1: `${acc.index} Chaos Street`, town: "London", postcode: "SW1A 1AA" },
    customers: [{ given_name: "Chaos", family_name: `Customer${acc.index}` }],
    supply_addresses: [
      {
        address_line_1: `${acc.index} Chaos Street`,
        postcode: "SW1A 1AA",
        electricity_meter_points: [
          { mpan: acc.mpan, meters: [{ serial_number: acc.serial }], agreements: agreement("E-1R-VAR-22-11-01-C") },
        ],
        gas_meter_points: acc.mprn ? [{ mprn: acc.mprn, agreements: agreement("G-1R-VAR-22-11-01-C") }] : [],
      },
    ],
    // The open statement period starts the day after: 30 days ago, so older transactions are moved.
    last_statement_closing_date: addDays(today, -31),
  };
}

export function makeAccount(run: string, runDigits: string, index: number): ChaosAccount {
  const n = String(index).padStart(4, "0");
  return {
    index,
    external: `CHAOS-${run}-${n}`,
    mpan: withMpanCheckDigit(`19${runDigits.slice(0, 6)}${n}`),
    mprn: index % 2 === 0 ? `7${runDigits.slice(0, 4)}${n}` : null,
    serial: `SER${run}${n}`,
  };
}

/** A transaction of each type in rotation (`i`), including PREPAY_DEBT_ADJUSTMENT on the account's meter and dates before the open period. */
export function chaosTransaction(
  id: string,
  i: number,
  acc: ChaosAccount,
  today: string,
  rng: Rng,
): Record<string, unknown> {
  const base = {
    transaction_id: id,
    transaction_date: addDays(today, -rng.int(0, 45)),
    amount: rng.int(0, 999_999) / 100,
  };
  switch (i % 7) {
    case 0:
      return { ...base, type: "CHARGE", reason: "IMPORTED_CHARGE", display_note: "Imported charge" };
    case 1:
      return { ...base, type: "CREDIT", reason: rng.pick(["IMPORTED_CREDIT", "GOODWILL_PAYMENT"]), note: "Goodwill" };
    case 2:
      return {
        ...base,
        type: "PAYMENT",
        reason: "ACCOUNT_CHARGE_PAYMENT",
        payment_type: rng.pick(["DD_REGULAR_COLLECTION", "DEBIT_CARD", "BACS_DEPOSIT"]),
        reference: `R-${id}`,
      };
    case 3:
      return {
        ...base,
        type: "REPAYMENT",
        reason: rng.pick(["FULL_CREDIT_REFUND", "PARTIAL_CREDIT_REFUND"]),
        payment_type: "DIRECT_CREDIT",
      };
    case 4:
      return {
        ...base,
        type: rng.pick(["CHARGE", "CREDIT"]),
        reason: "PREPAY_DEBT_ADJUSTMENT",
        to_prepay_meter_serial_number: acc.serial,
      };
    case 5:
      return { ...base, type: "PAYMENT", payment_type: "CHEQUE" };
    default:
      // Production's supply charge: no reason, and its amount is the nets plus the taxes.
      return {
        ...base,
        amount: "92.62",
        type: "SUPPLY_CHARGE",
        product_code: "VAR-22-11-01",
        line_items: [
          {
            rate_band: "CONSUMPTION_STANDARD",
            start_date: addDays(today, -60),
            end_date: addDays(today, -30),
            number_of_units: 250.5,
            net_amount: 73.21,
            price_per_unit: 0.29226,
            units: [125.25, 125.25],
          },
          {
            rate_band: "STANDING_CHARGE",
            start_date: addDays(today, -60),
            end_date: addDays(today, -30),
            number_of_units: 30,
            net_amount: 15,
            price_per_unit: 0.5,
          },
        ],
        tax_items: [{ amount: 4.41, tax_type: "VAT", value_taxed: 88.21, rate: 0.05, unit_type: "PROPORTION" }],
      };
  }
}

/**
 * A stand-in for both payment vendors (Stripe-style cards, the Bottomline bureau's GoCardless-style mandates). Every
 * reference exists and is usable; a reference ending in `F<k>` fails its first k lookups with
 * 503 (intermittent failure), one ending in `O<ms>` fails every lookup for <ms> ms after its
 * first one (a short outage), and every answer comes after a random delay of up to `maxDelayMs`.
 */
export function fakePaymentVendor(maxDelayMs: number) {
  const calls = new Map<string, number>();
  const firstCall = new Map<string, number>();
  let requests = 0;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests++;
    const url = req.url ?? "";
    const m = /^\/(?:v1\/payment_methods|mandates)\/([^/?]+)/.exec(url);
    const reference = m ? decodeURIComponent(m[1]) : "";
    const n = (calls.get(reference) ?? 0) + 1;
    calls.set(reference, n);
    const failFirst = Number(/F(\d+)$/.exec(reference)?.[1] ?? 0);
    if (!firstCall.has(reference)) firstCall.set(reference, Date.now());
    const outage = Number(/O(\d+)$/.exec(reference)?.[1] ?? 0);
    const down = Date.now() - firstCall.get(reference)! < outage;
    setTimeout(
      () => {
        if (!m) return void res.writeHead(404).end();
        if (n <= failFirst || down)
          return void res.writeHead(503, { "content-type": "application/json" }).end('{"error":"busy"}');
        res.writeHead(200, { "content-type": "application/json" });
        if (url.startsWith("/mandates/")) {
          res.end(
            JSON.stringify({
              mandates: {
                id: reference,
                status: "active",
                scheme: "bacs",
                reference: `KM-${reference}`,
                links: { customer: "CU1" },
              },
            }),
          );
        } else {
          res.end(
            JSON.stringify({
              id: reference,
              object: "payment_method",
              type: "card",
              customer: "cus_1",
              card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2099 },
            }),
          );
        }
      },
      Math.floor(Math.random() * maxDelayMs),
    );
  });
  return {
    start: () =>
      new Promise<string>((r) =>
        server.listen(0, "127.0.0.1", () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => new Promise<void>((r) => server.close(() => r())),
    requests: () => requests,
  };
}
