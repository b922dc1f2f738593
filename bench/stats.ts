/**
 * What every bench shares: medians, warm-up, an alternating sampler (both sides of a ratio measured
 * in turn, in the same process), heap readings after GC, and the `P<n>` / `M<n>` lines the runner reads.
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/** `--quick`: only prove the bench still runs (CI). Figures from a quick run mean nothing. */
export const quick = process.argv.includes('--quick');

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface SamplerOptions {
  /** Samples per side thrown away first (JIT, caches, connection set-up). */
  warmup: number;
  /** Samples per side kept (≥ 20 for a figure). */
  samples: number;
  /** Operations per sample: a sample is their mean, so that one sample is well above timer noise. */
  batch: number;
}

export interface SideResult {
  /** Milliseconds per operation, one entry per sample. */
  samples: number[];
  median: number;
}

export interface PairResult {
  a: SideResult;
  b: SideResult;
  /** median(b) ÷ median(a): the subject over the baseline. */
  ratio: number;
  /** The median of the per-pair ratios: less sensitive to drift over the run. */
  pairedRatio: number;
}

type Op = () => unknown;

/**
 * Measures two sides in turn, sample by sample: A B, B A, A B, … (the order flips each pair so
 * neither side always runs on a warmer cache or right after a GC of the other's garbage).
 * `a` is the baseline, `b` the subject.
 */
export async function alternate(a: Op, b: Op, options: SamplerOptions): Promise<PairResult> {
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < options.warmup + options.samples; i++) {
    const first = i % 2 === 0;
    const x = first ? await sample(a, options.batch) : await sample(b, options.batch);
    const y = first ? await sample(b, options.batch) : await sample(a, options.batch);
    if (i < options.warmup) continue;
    as.push(first ? x : y);
    bs.push(first ? y : x);
  }
  const pairs = as.map((x, i) => bs[i]! / x);
  const ma = median(as);
  const mb = median(bs);
  return {
    a: { samples: as, median: ma },
    b: { samples: bs, median: mb },
    ratio: mb / ma,
    pairedRatio: median(pairs),
  };
}

/** Milliseconds per operation over one batch, operations run one after the other. */
export async function sample(op: Op, batch: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < batch; i++) {
    const result = op();
    if (result instanceof Promise) await result;
  }
  return (performance.now() - start) / batch;
}

/** A full GC (needs `--expose-gc`); a few rounds so that finalizers and weak callbacks settle. */
export async function collectGarbage(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc (bench/run.ts does)');
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Heap in use after a full GC, in bytes. */
export async function settledHeap(): Promise<number> {
  await collectGarbage();
  return process.memoryUsage().heapUsed;
}

export const MB = 1024 * 1024;

/** Prints a figure line the runner reads: `P2 1.234` (the goal) or `P2.stdio 1.234` (a part of it). */
export function figure(key: string, value: number | string, digits = 3): void {
  out(`${key} ${typeof value === 'number' ? value.toFixed(digits) : value}`);
}

/** A line of context for the report (not a figure). */
export function note(text: string): void {
  out(`  ${text}`);
}

/** Straight to stdout: Ink patches `console` while an app is mounted (attached mode). */
function out(line: string): void {
  process.stdout.write(`${line}\n`);
}

export const us = (ms: number): string => `${(ms * 1000).toFixed(1)} µs`;
export const msText = (ms: number): string => `${ms.toFixed(3)} ms`;

export function warnIfDevelopment(): void {
  if (process.env.NODE_ENV !== 'production')
    console.error('warning: NODE_ENV is not "production": React runs its development build');
}

/** Node's arguments for a child process that runs a TypeScript fixture the way bench/run.ts runs a bench. */
export function childNodeArgs(script: string): string[] {
  return ['--import', 'tsx', '--import', fileURLToPath(new URL('./use-build.mjs', import.meta.url)), script];
}
