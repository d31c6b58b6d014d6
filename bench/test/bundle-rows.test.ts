/** The bundle rows of the report: sizes side by side, and P/A as Portcullis's size over Auth.js's. */
import { describe, expect, it } from "vitest";
import { bundleRows } from "../src/bundle/size";
import { renderReport } from "../src/report/table";

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

describe("bundle rows", () => {
  it("show both sizes and a ratio below 1 when Portcullis's bundle is smaller", () => {
    const rows = bundleRows({
      portcullis: { minified: 140_000, gzip: 46_000 },
      authjs: { minified: 144_000, gzip: 47_000 },
    });
    const lines = renderReport(rows, MACHINE, SETTINGS)
      .split("\n")
      .filter((line) => line.includes("`bundle`"));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("smaller is better");
    expect(lines[0]).toMatch(/\| bytes \| 140,000 \| 144,000 \| — \| — \| — \| — \| \*\*0\.97×\*\* \|$/);
    expect(lines[1]).toMatch(/gzip.*\| 46,000 \| 47,000 \|.*\*\*0\.98×\*\* \|$/);
  });
});
