/**
 * The bench: runs the selected scenarios, Portcullis and Auth.js each in its own pinned server
 * process, and prints the markdown report to stdout and to bench/results/latest.md. Progress
 * goes to stderr.
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { BUNDLE_SCENARIO, bundleRows, bundleSizes } from "./bundle/size";
import { type BenchOptions, parseOptions, USAGE } from "./options";
import { pinLoadGenerator, pinning } from "./process/affinity";
import { buildForBench } from "./process/build";
import { ChildUnavailable } from "./process/child";
import { machine } from "./report/machine";
import { type ReportSettings, type Row, renderReport } from "./report/table";
import { runRounds } from "./rounds";
import type { Contender, Sample } from "./scenarios/contender";
import { type Role, SCENARIOS, type Scenario } from "./scenarios/index";
import { type RunningService, ServiceUnavailable, startService } from "./services";

const RESULTS = resolve(import.meta.dirname, "../results/latest.md");

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

function progress(name: string, unit: string, sample: Sample): string {
  const client =
    sample.loadCpuShare === undefined ? "" : `, client CPU ${(sample.loadCpuShare * 100).toFixed(0)}%`;
  return `  ${name}: ${sample.rate.toFixed(0)} ${unit}, p99 ${sample.p99.toFixed(2)} ms${client}`;
}

async function startAll(
  scenario: Scenario,
  settings: ReportSettings & { serverUrl?: string },
): Promise<Contender[]> {
  const started: Contender[] = [];
  try {
    for (const name of scenario.contenders) started.push(await scenario.start(name, settings));
    return started;
  } catch (error) {
    for (const contender of started) await contender.stop();
    throw error;
  }
}

async function runScenario(scenario: Scenario, settings: ReportSettings): Promise<Row> {
  const row: Row = { name: scenario.name, title: scenario.title, unit: scenario.unit, note: scenario.note };
  log(`# ${scenario.name}: ${scenario.title}`);
  let service: RunningService | undefined;
  if (scenario.service) {
    try {
      service = await startService(scenario.service);
    } catch (error) {
      // Like a missing adapter, a database server this machine cannot run is a known gap.
      if (!(error instanceof ServiceUnavailable)) throw error;
      log(`  skipped: ${error.message}`);
      return { ...row, missing: error.message };
    }
  }
  try {
    return await runContenders(scenario, { ...settings, serverUrl: service?.url }, row);
  } finally {
    await service?.stop();
  }
}

async function runContenders(
  scenario: Scenario,
  settings: ReportSettings & { serverUrl?: string },
  row: Row,
): Promise<Row> {
  let contenders: Contender[];
  try {
    contenders = await startAll(scenario, settings);
  } catch (error) {
    // A missing adapter is a known gap; anything else (a failed check) fails the run at the end.
    if (!(error instanceof ChildUnavailable)) process.exitCode = 1;
    const reason = error instanceof ChildUnavailable ? error.message : `failed: ${(error as Error).message}`;
    log(`  skipped: ${reason}`);
    return { ...row, missing: reason };
  }
  try {
    const names = scenario.contenders;
    const results = await runRounds(contenders, settings, (index, sample) =>
      log(progress(names[index]!, scenario.unit, sample)),
    );
    names.forEach((name: Role, index) => {
      row[name] = results[index];
    });
    return row;
  } finally {
    for (const contender of contenders) await contender.stop();
  }
}

/** What a run measures: the timed scenarios, and whether it measures the bundle sizes too. */
interface Selection {
  timed: Scenario[];
  bundle: boolean;
}

function selected(names: readonly string[]): Selection {
  const known = [...SCENARIOS.map((s) => s.name), BUNDLE_SCENARIO];
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new Error(`unknown scenario ${unknown.join(", ")}; known: ${known.join(", ")}`);
  }
  if (names.length === 0) return { timed: [...SCENARIOS], bundle: true };
  return { timed: SCENARIOS.filter((s) => names.includes(s.name)), bundle: names.includes(BUNDLE_SCENARIO) };
}

/** The bundle rows, or one row saying why there are none (which fails the run). */
async function measureBundles(): Promise<Row[]> {
  log(`# ${BUNDLE_SCENARIO}: Auth + credentials bundled by esbuild, Portcullis and Auth.js`);
  try {
    const sizes = await bundleSizes();
    for (const [name, size] of Object.entries(sizes))
      log(`  ${name}: ${size.minified} bytes minified, ${size.gzip} gzip`);
    return bundleRows(sizes);
  } catch (error) {
    process.exitCode = 1;
    const reason = `failed: ${(error as Error).message}`;
    log(`  skipped: ${reason}`);
    return [
      {
        name: BUNDLE_SCENARIO,
        title: "edge bundle of `Auth` + credentials provider",
        unit: "bytes",
        missing: reason,
      },
    ];
  }
}

/** The floor stays the last row, as the report describes it: other rows go before it. */
function beforeFloor(rows: readonly Row[], more: readonly Row[]): Row[] {
  const floor = rows.filter((row) => row.name === "floor");
  return [...rows.filter((row) => row.name !== "floor"), ...more, ...floor];
}

async function main(): Promise<void> {
  let options: BenchOptions;
  let selection: Selection;
  try {
    options = parseOptions(process.argv.slice(2));
    selection = selected(options.scenarios);
  } catch (error) {
    log(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    log(USAGE);
    return;
  }
  log("building @portcullis/core, the adapters and the children (they run dist/)");
  await buildForBench();
  const loadAtStart = loadavg()[0]!;
  pinLoadGenerator();
  const settings: ReportSettings = { ...options, pinned: pinning };
  const rows: Row[] = [];
  for (const scenario of selection.timed) rows.push(await runScenario(scenario, settings));
  const sizes = selection.bundle ? await measureBundles() : [];
  const report = renderReport(beforeFloor(rows, sizes), machine(loadAtStart), settings);
  process.stdout.write(report);
  mkdirSync(resolve(RESULTS, ".."), { recursive: true });
  writeFileSync(RESULTS, report);
  log(`written to ${RESULTS}`);
}

await main();
