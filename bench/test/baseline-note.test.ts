/**
 * Rows with a baseline (Portcullis without the feature, measured in the same rounds): the table
 * grows a note column giving Portcullis's rate and CPU per operation over the baseline's.
 */
import { describe, expect, it } from "vitest";
import { type Row, renderReport } from "../src/report/table";
import type { Sample } from "../src/scenarios/contender";

const MACHINE = {
  date: "2026-01-01 00:00 UTC",
  node: "v20",
  cpu: "cpu",
  cores: 2,
  authjs: "0.41.3",
  autocannon: "9.0.0",
  esbuild: "0.27.7",
  load: [0, 0] as [number, number],
};
const SETTINGS = {
  rounds: 1,
  seconds: 1,
  warmSeconds: 1,
  connections: 1,
  bridge: "lazy",
  pinned: true,
} as const;

function sample(rate: number, cpuPerOp: number): Sample {
  return { rate, p50: 1, p99: 2, cpuPerOp, peakRssMb: 80, failures: 0 };
}

const plain: Row = {
  name: "session-jwt",
  title: "plain",
  unit: "req/s",
  portcullis: sample(10_000, 60),
  authjs: sample(1_000, 600),
};

const revocable: Row = {
  name: "session-jwt-revocable",
  title: "revocable",
  unit: "req/s",
  note: "Auth.js and the baseline run plain JWT sessions",
  portcullis: sample(9_000, 66),
  portcullisBaseline: sample(10_000, 60),
  authjs: sample(1_000, 600),
};

function rowOf(report: string, name: string): string {
  return report.split("\n").find((line) => line.includes(`\`${name}\``))!;
}

describe("rows with a Portcullis baseline", () => {
  it("give the ratios to the baseline in a note column", () => {
    const report = renderReport([plain, revocable], MACHINE, SETTINGS);
    expect(report).toContain("| P/A | note |");
    expect(rowOf(report, "session-jwt-revocable")).toMatch(
      /\| \*\*9\.00×\*\* \| Auth\.js and the baseline run plain JWT sessions; vs the baseline \(same rounds\): rate 0\.90×, CPU\/op 1\.10× \(66 \/ 60 µs\); baseline 10,000 req\/s \|$/,
    );
    expect(rowOf(report, "session-jwt")).toMatch(/\| \*\*10\.00×\*\* \| {2}\|$/);
  });

  it("leave the table without a note column when no row has one", () => {
    const report = renderReport([plain], MACHINE, SETTINGS);
    expect(report).not.toContain("note");
    expect(rowOf(report, "session-jwt")).toMatch(/\| \*\*10\.00×\*\* \|$/);
  });
});
