/** Summary statistics of a phase or length across cycles (docs/entities.md "Cycle data"). */
import type { Statistic } from './types';

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

export function statistic(values: readonly number[]): Statistic {
  const n = values.length;
  if (n === 0) return { n, mean: null, sd: null, min: null, max: null };
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const sd = n < 2 ? null : Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1));
  return {
    n,
    mean: round1(mean),
    sd: sd === null ? null : round1(sd),
    min: Math.min(...values),
    max: Math.max(...values),
  };
}
