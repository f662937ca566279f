import Decimal from "decimal.js";
import type { PaymentMethod } from "@/db/schema";
import { londonWallTime } from "../../lib/time";
import type { z } from "zod";
import type { RateInput } from "./schemas";

type RateIn = z.input<typeof RateInput>;

/** Domestic energy carries 5% VAT; export payments carry none. */
export function withVat(exc: Decimal.Value, vatPercent = 5): { value_exc_vat: string; value_inc_vat: string } {
  const e = new Decimal(exc).toDecimalPlaces(4);
  return { value_exc_vat: e.toFixed(), value_inc_vat: e.mul(new Decimal(100 + vatPercent).div(100)).toDecimalPlaces(6).toFixed() };
}

/** Regional spread: region index 0..13 moves a price by -7.8% .. +7.8%. */
export function regional(value: Decimal.Value, regionIndex: number): Decimal {
  return new Decimal(value).mul(new Decimal(1).plus(new Decimal(regionIndex * 2 - 13).mul("0.006"))).toDecimalPlaces(4);
}

/** Prices that change at London midnight on each date in `starts`; the last one stays open. */
export function steppedRates(starts: string[], values: Decimal.Value[], opts: { paymentMethod?: PaymentMethod | null; vatPercent?: number; endsAt?: string } = {}): RateIn[] {
  return starts.map((from, i) => ({
    ...withVat(values[i], opts.vatPercent),
    valid_from: `${from}T00:00:00`,
    valid_to: i + 1 < starts.length ? `${starts[i + 1]}T00:00:00` : opts.endsAt ? `${opts.endsAt}T00:00:00` : null,
    payment_method: opts.paymentMethod ?? null,
  }));
}

/** One rate per London day from `from` (inclusive) to `to` (exclusive): 23 or 25 hours long on clock-change days. */
export function dailyRates(from: string, to: string, price: (day: number) => Decimal.Value): RateIn[] {
  const out: RateIn[] = [];
  for (let day = 0, d = from; d < to; day++, d = nextDate(d)) {
    out.push({ ...withVat(price(day)), valid_from: `${d}T00:00:00`, valid_to: `${nextDate(d)}T00:00:00`, payment_method: null });
  }
  return out;
}

/**
 * Agile-style half-hourly prices from London midnight of `from` to London midnight of `to`.
 * Slots are half hours of real time, so 29 March 2026 has 46 and 25 October 2026 has 50.
 * Deterministic integer noise (an LCG), never floats, keeps the money exact.
 */
export function halfHourlyRates(from: string, to: string, regionIndex: number): RateIn[] {
  const start = londonWallTime(...ymd(from)).getTime();
  const end = londonWallTime(...ymd(to)).getTime();
  const out: RateIn[] = [];
  let seed = 1_234_567 + regionIndex * 7919;
  for (let t = start; t < end; t += 30 * 60_000) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const hour = londonHour(t);
    // hundredths of a penny: cheap overnight (sometimes negative), expensive 16:00-19:00
    const shape = hour < 5 ? 900 : hour < 16 ? 1900 : hour < 19 ? 3600 : 2300;
    const noise = (seed % 1400) - 700;
    const exc = regional(new Decimal(shape + noise - (hour < 5 && seed % 11 === 0 ? 1500 : 0)).div(100), regionIndex);
    out.push({ ...withVat(exc), valid_from: new Date(t).toISOString(), valid_to: new Date(t + 30 * 60_000).toISOString(), payment_method: null });
  }
  return out;
}

function ymd(d: string): [number, number, number] {
  const [y, m, day] = d.split("-").map(Number);
  return [y, m, day];
}

function nextDate(d: string): string {
  const [y, m, day] = ymd(d);
  return new Date(Date.UTC(y, m - 1, day + 1)).toISOString().slice(0, 10);
}

const hourFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", hourCycle: "h23" });

function londonHour(t: number): number {
  return Number(hourFormat.format(new Date(t)));
}
