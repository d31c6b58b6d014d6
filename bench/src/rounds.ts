/**
 * Runs contenders against each other: a warm-up each, then rounds in which every contender is
 * measured once, the order flipping each round (A B, B A, A B ...) so neither always goes first.
 *
 * @module
 */
import type { Contender, Sample } from "./scenarios/contender";
import { median } from "./stats";

/** How long and how often to measure. */
export interface RoundSettings {
  rounds: number;
  /** Seconds of each measured run. */
  seconds: number;
  /** Seconds of each contender's warm-up. */
  warmSeconds: number;
}

function summarize(samples: readonly Sample[]): Sample {
  const of = (read: (sample: Sample) => number) => samples.map(read);
  const load = samples.flatMap((sample) => (sample.loadCpuShare === undefined ? [] : [sample.loadCpuShare]));
  return {
    rate: median(of((s) => s.rate)),
    p50: median(of((s) => s.p50)),
    p99: median(of((s) => s.p99)),
    cpuPerOp: median(of((s) => s.cpuPerOp)),
    peakRssMb: Math.max(...of((s) => s.peakRssMb)),
    loadCpuShare: load.length > 0 ? median(load) : undefined,
    failures: of((s) => s.failures).reduce((a, b) => a + b, 0),
  };
}

/**
 * Warms every contender up, measures them over the rounds, and returns each one's medians (rate,
 * latencies, CPU per operation), its peak RSS and its total failures.
 *
 * @param contenders The contenders, in the order of the first round.
 * @param settings Rounds, run length and warm-up length.
 * @param onSample Called after each measured run, for progress output.
 * @returns One summary per contender, in the given order.
 * @throws Whatever a contender's run throws.
 * @example
 * ```ts
 * const [portcullis, authjs] = await runRounds([a, b], { rounds: 3, seconds: 5, warmSeconds: 2 });
 * ```
 */
export async function runRounds(
  contenders: readonly Contender[],
  settings: RoundSettings,
  onSample: (index: number, sample: Sample) => void = () => {},
): Promise<Sample[]> {
  for (const contender of contenders) await contender.warm(settings.warmSeconds);
  const samples: Sample[][] = contenders.map(() => []);
  for (let round = 0; round < settings.rounds; round++) {
    const order = contenders.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      const sample = await contenders[index]!.measure(settings.seconds);
      samples[index]!.push(sample);
      onSample(index, sample);
    }
  }
  return samples.map(summarize);
}
