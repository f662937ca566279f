import Decimal from "decimal.js";
import type { PaymentMethod } from "@/db/schema";
import { addDays } from "../../lib/time";
import { londonHour, londonMidnight } from "./demo-calendar";
import type { z } from "zod";
import type { RateInput } from "./schemas";

type RateIn = z.input<typeof RateInput>;

/** Domestic energy carries 5% VAT; export payments carry none. */
export function withVat(exc: Decimal.Value, vatPercent = 5): { value_exc_vat: string; value_inc_vat: string } {
  const e = new Decimal(exc).toDecimalPlaces(4);
  return {
    value_exc_vat: e.toFixed(),
    value_inc_vat: e
      .mul(new Decimal(100 + vatPercent).div(100))
      .toDecimalPlaces(6)
      .toFixed(),
  };
}

/** Regional spread: region index 0..13 moves a price by -7.8% .. +7.8%. */
export function regional(value: Decimal.Value, regionIndex: number): Decimal {
  return new Decimal(value).mul(new Decimal(1).plus(new Decimal(regionIndex * 2 - 13).mul("0.006"))).toDecimalPlaces(4);
}

/** Prices that change at London midnight on each date in `starts`; the last one stays open. */
export function steppedRates(
  starts: string[],
  values: Decimal.Value[],
  opts: { paymentMethod?: PaymentMethod | null; vatPercent?: number; endsAt?: string } = {},
): RateIn[] {
  return starts.map((from, i) => ({
    ...withVat(values[i], opts.vatPercent),
    valid_from: `${from}T00:00:00`,
    valid_to: i + 1 < starts.length ? `${starts[i + 1]}T00:00:00` : opts.endsAt ? `${opts.endsAt}T00:00:00` : null,
    payment_method: opts.paymentMethod ?? null,
  }));
}

/** One rate per London day from `from` (inclusive) to `to` (exclusive): 23 or 25 hours long on clock-change days. */
export function dailyRates(from: string, to: string, price: (date: string) => Decimal.Value): RateIn[] {
  const out: RateIn[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) {
    out.push({
      ...withVat(price(d)),
      valid_from: `${d}T00:00:00`,
      valid_to: `${addDays(d, 1)}T00:00:00`,
      payment_method: null,
    });
  }
  return out;
}

/** Days since 1970-01-01 of a YYYY-MM-DD date: a stable index for per-day prices. */
export const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * Agile-style half-hourly prices from `from` to `to` (instants, or dates meaning London midnight).
 * Slots are half hours of real time, so a spring clock-change day has 46 and an autumn one 50.
 * Each price depends only on its own slot and region (integer hashing, never floats), so
 * windows loaded on different days agree wherever they meet.
 */
export function halfHourlyRates(from: string | Date, to: string | Date, regionIndex: number): RateIn[] {
  const start = (typeof from === "string" ? londonMidnight(from) : from).getTime();
  const end = (typeof to === "string" ? londonMidnight(to) : to).getTime();
  const out: RateIn[] = [];
  for (let t = start; t < end; t += HALF_HOUR) {
    const seed = slotHash(t / HALF_HOUR, regionIndex);
    const hour = londonHour(new Date(t));
    // hundredths of a penny: cheap overnight (sometimes negative), expensive 16:00-19:00
    const shape = hour < 5 ? 900 : hour < 16 ? 1900 : hour < 19 ? 3600 : 2300;
    const noise = (seed % 1400) - 700;
    const exc = regional(new Decimal(shape + noise - (hour < 5 && seed % 11 === 0 ? 1500 : 0)).div(100), regionIndex);
    out.push({
      ...withVat(exc),
      valid_from: new Date(t).toISOString(),
      valid_to: new Date(t + HALF_HOUR).toISOString(),
      payment_method: null,
    });
  }
  return out;
}

const HALF_HOUR = 30 * 60_000;

/** A 31-bit hash of a slot number and region (murmur3's finaliser). */
function slotHash(slot: number, region: number): number {
  let h = Math.imul(slot ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(region + 1, 0xc2b2ae35);
  h ^= h >>> 13;
  h = Math.imul(h, 0x27d4eb2f);
  h ^= h >>> 16;
  return h >>> 1;
}
