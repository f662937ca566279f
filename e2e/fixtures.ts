import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { type APIRequestContext, type Page, test as base, expect } from "@playwright/test";
import { withMpanCheckDigit } from "@/server/lib/validators";
import { readSeed, type Seed, storageStateFor } from "./global-setup";

export const ARTIFACTS = path.resolve("e2e/artifacts");

/** A free TCP port on 127.0.0.1, for a server a spec starts of its own (Prometheus, the image's server). */
export function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

type Fixtures = {
  seed: Seed;
  /** The organisation's migration script: REST calls with its API key. */
  script: APIRequestContext;
  /** Saves a full-page screenshot under e2e/artifacts/<name>.png. */
  shot: (page: Page, name: string) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  seed: async ({}, use) => use(readSeed()),
  script: async ({ playwright, baseURL, seed }, use) => {
    const ctx = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Token ${seed.apiKey}` },
    });
    await use(ctx);
    await ctx.dispose();
  },
  shot: async ({}, use) => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await use(async (page, name) => {
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
    });
  },
});

/** Signed in through the saved storageState (made by global setup), not by clicking. */
export const asOperator = { storageState: storageStateFor("operator") };
export const asSupport = { storageState: storageStateFor("support") };

export { expect };

let n = 0;
/** A unique token for names this run creates. */
export function unique(prefix: string): string {
  n += 1;
  return `${prefix}-${Date.now().toString(36).toUpperCase()}${n}`;
}

/** A London calendar date `days` from today, as YYYY-MM-DD. */
export function londonDate(days = 0): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(d);
}

/** A valid MPAN (13 digits with check digit) from any 12 digits: the validator's own rule. */
export const mpan = withMpanCheckDigit;

/**
 * A fresh MPAN and MPRN: all e2e accounts live in one organisation, where a meter point may
 * be on only one account at a time (supply_point_on_another_account), so never reuse one.
 */
export function freshMeter() {
  const digits = `${Math.floor(Math.random() * 1e10)}`.padStart(10, "0");
  return { mpan: mpan(`19${digits}`), mprn: `8${digits.slice(-8)}` };
}

/** A valid create-or-update body in production's EnergyAccount shape (both fuels), with fresh meter points. */
export function accountBody(supplier: string, external: string, meter = freshMeter()) {
  return {
    import_supplier: supplier,
    external_account_number: external,
    account_type: "DOMESTIC",
    billing_name: "Katherine Johnson",
    billing_address1: "3 Orbit Close",
    billing_address4: "Bristol",
    billing_postcode: "BS1 4DJ",
    customers: [{ given_name: "Katherine", family_name: "Johnson", email: "kj@example.com" }],
    supply_addresses: [
      {
        supply_address1: "3 Orbit Close",
        supply_address4: "Bristol",
        supply_postcode: "BS1 4DJ",
        customer_at_supply_address_from_date: "2025-01-01",
        meter_points: [
          {
            supply_type: "ELECTRICITY",
            identifier: meter.mpan,
            mpid: "OCTO",
            supply_start_date: "2025-01-01",
            profile_class: 1,
            meters: [
              {
                meter_serial_number: `E${meter.mpan.slice(-6)}`,
                registers: [{ register_id: "1", tpr: "00001", number_of_digits: 5, is_settlement: true }],
              },
            ],
            agreements: [{ tariff_code: "E-1R-VAR-22-11-01-C", effective_from: "2025-01-01" }],
          },
          {
            supply_type: "GAS",
            identifier: meter.mprn,
            mpid: "OCTO",
            shipper_mpid: "OCT",
            supply_start_date: "2025-01-01",
            meters: [{ meter_serial_number: `G${meter.mprn.slice(-6)}`, gas_number_of_digits: 5 }],
            agreements: [{ tariff_code: "G-1R-VAR-22-11-01-C", effective_from: "2025-01-01" }],
          },
        ],
      },
    ],
    last_billed_to_date: londonDate(-20),
  };
}
