/**
 * Round y-axis ticks from 0 to at least `max`: steps of 1, 2 or 5 times a power of ten (whole
 * numbers only, as counts are), about `target` of them. 63 gives 0, 20, 40, 60, 80.
 */
export function niceTicks(max: number, target = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / target;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough)!);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}
