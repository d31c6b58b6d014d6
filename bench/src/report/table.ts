/**
 * The bench's report: a header with the machine and settings, then one markdown table row per
 * scenario with both libraries side by side and the Portcullis/Auth.js ratio last.
 *
 * @module
 */
import type { RequestKind } from "../bridge";
import type { RoundSettings } from "../rounds";
import type { Sample } from "../scenarios/contender";
import type { Machine } from "./machine";

/** What one scenario produced. */
export interface Row {
  name: string;
  title: string;
  unit: string;
  portcullis?: Sample;
  authjs?: Sample;
  floor?: Sample;
  /** Portcullis without the row's feature, measured in the same rounds (see `note`). */
  portcullisBaseline?: Sample;
  /** What the table says about the row besides its figures. */
  note?: string;
  /**
   * A size rather than a timed run (the `bundle` rows): each library's figure in `unit`, where
   * smaller is better, so P/A below 1 favours Portcullis.
   */
  sizes?: { portcullis: number; authjs: number };
  /** Why there are no figures (adapter not available, a failed check). */
  missing?: string;
}

/** The settings the report states. */
export interface ReportSettings extends RoundSettings {
  connections: number;
  bridge: RequestKind;
  pinned: boolean;
}

/** How the report names each kind of request the bridge hands the servers. */
const BRIDGES: Record<RequestKind, string> = {
  lazy: "the bridge's lazy Request (`--bridge=lazy`)",
  request: "undici's Request, built in full per request (`--bridge=request`)",
};

/** Above this share of its core, the load generator is taken to be the bottleneck. */
const CLIENT_BOUND = 0.9;

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

function ms(value: number): string {
  if (!Number.isFinite(value)) return "n/a";
  return value.toFixed(value < 1 ? 3 : value < 10 ? 2 : 1);
}

function num(value: number): string {
  return Number.isFinite(value) ? integer.format(value) : "n/a";
}

const pair = (a: string, b: string) => `${a} / ${b}`;

function figures(row: Row): string[] {
  if (row.sizes) {
    const { portcullis, authjs } = row.sizes;
    return [num(portcullis), num(authjs), "—", "—", "—", "—", `**${(portcullis / authjs).toFixed(2)}×**`];
  }
  const [a, b] = row.floor ? [row.floor, undefined] : [row.portcullis!, row.authjs!];
  const both = (f: (s: Sample) => string) => (b ? pair(f(a), f(b)) : f(a));
  const ratio = b ? `**${(a.rate / b.rate).toFixed(2)}×**` : "—";
  return [
    num(a.rate),
    b ? num(b.rate) : "—",
    both((s) => ms(s.p50)),
    both((s) => ms(s.p99)),
    both((s) => num(s.cpuPerOp)),
    both((s) => s.peakRssMb.toFixed(0)),
    ratio,
  ];
}

/**
 * The note cell: the row's note and, with a baseline, Portcullis's rate and CPU per operation
 * over the baseline's (a CPU ratio above 1 is what the feature costs).
 */
function noteOf(row: Row): string {
  const base = row.portcullisBaseline;
  const own = row.portcullis;
  if (!base || !own) return row.note ?? "";
  const vs =
    `vs the baseline (same rounds): rate ${(own.rate / base.rate).toFixed(2)}×, ` +
    `CPU/op ${(own.cpuPerOp / base.cpuPerOp).toFixed(2)}× (${num(own.cpuPerOp)} / ${num(base.cpuPerOp)} µs); ` +
    `baseline ${num(base.rate)} ${row.unit}`;
  return row.note ? `${row.note}; ${vs}` : vs;
}

function line(cells: readonly string[]): string {
  return `| ${cells.join(" | ")} |`;
}

/**
 * Renders the report as markdown.
 *
 * @param rows The scenarios' results, in table order.
 * @param where The machine facts.
 * @param settings The run's settings.
 * @returns The markdown, ending with a newline.
 * @example
 * ```ts
 * process.stdout.write(renderReport(rows, machine(), settings));
 * ```
 */
export function renderReport(rows: readonly Row[], where: Machine, settings: ReportSettings): string {
  const pinning = settings.pinned
    ? "load generator pinned to CPU 0, server under test to CPU 1 (taskset)"
    : "no CPU pinning (taskset or a second core missing)";
  // The note column appears only when a row has something to say, so the usual table keeps its shape.
  const noted = rows.some((row) => row.note || row.portcullisBaseline);
  const withNote = (cells: string[], note: string) => (noted ? [...cells, note] : cells);
  const out = [
    "## Portcullis vs Auth.js",
    "",
    `${where.date} · Node ${where.node} · ${where.cpu} · ${where.cores} cores · @auth/core ${where.authjs} · autocannon ${where.autocannon} · esbuild ${where.esbuild}`,
    "",
    `One-minute load average ${where.load[0].toFixed(2)} at the start, ${where.load[1].toFixed(2)} at the end (the bench itself adds about 2).`,
    "",
    `${settings.rounds} round(s) × ${settings.seconds} s per server per scenario after a ${settings.warmSeconds} s warm-up, A/B order alternating, medians; ${settings.connections} connections, pipelining 1; ${pinning}; ${BRIDGES[settings.bridge]}.`,
    "",
    line(
      withNote(
        [
          "scenario",
          "unit",
          "Portcullis",
          "Auth.js",
          "p50 ms (P / A)",
          "p99 ms (P / A)",
          "CPU µs/op (P / A)",
          "peak RSS MB (P / A)",
          "P/A",
        ],
        "note",
      ),
    ),
    line(withNote(["---", "---", "---:", "---:", "---:", "---:", "---:", "---:", "---:"], "---")),
  ];
  const notes: string[] = [];
  for (const row of rows) {
    const label = `${row.title} \`${row.name}\``;
    if (row.missing) {
      out.push(line(withNote([label, row.unit, row.missing, "", "", "", "", "", "—"], row.note ?? "")));
      continue;
    }
    out.push(line(withNote([label, row.unit, ...figures(row)], noteOf(row))));
    for (const [who, sample] of [
      ["Portcullis", row.portcullis],
      ["the Portcullis baseline", row.portcullisBaseline],
      ["Auth.js", row.authjs],
      ["floor", row.floor],
    ] as const) {
      if (sample && sample.failures > 0)
        notes.push(`- \`${row.name}\`: ${who} had ${num(sample.failures)} failed or unexpected responses.`);
      if (sample?.loadCpuShare !== undefined && sample.loadCpuShare > CLIENT_BOUND) {
        const share = (sample.loadCpuShare * 100).toFixed(0);
        notes.push(
          `- \`${row.name}\`: the load generator used ${share}% of its core against ${who}: the client, not the server, set the pace.`,
        );
      }
    }
  }
  if (notes.length > 0) out.push("", ...notes);
  return `${out.join("\n")}\n`;
}
