/**
 * The bench's command line: `[--quick] [--scenario <name>]... [--rounds N] [--duration S]
 * [--warmup S] [--connections N] [scenario ...]`.
 *
 * The root script runs `npm run bench --workspace bench`, a second npm, which takes flags after
 * `npm run bench --` as its own configuration: it drops `--quick` from the arguments and sets
 * `npm_config_quick=true` instead, and passes the value of `--scenario csrf` on as a bare
 * argument. So flags missing from the arguments are read from those variables, and bare
 * arguments are scenario names.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { REQUEST_KINDS, type RequestKind } from "./bridge";

/** The settings of one bench run. */
export interface BenchOptions {
  rounds: number;
  seconds: number;
  warmSeconds: number;
  connections: number;
  /** What the bridge hands each server as its request. */
  bridge: RequestKind;
  /** Scenario names to run; empty for all. */
  scenarios: string[];
  quick: boolean;
  help: boolean;
}

/** The full run: about five minutes on two cores. */
const FULL = { rounds: 5, seconds: 3, warmSeconds: 2 };
/** A smoke run: about a minute, figures only indicative. */
const QUICK = { rounds: 1, seconds: 2, warmSeconds: 1 };

/** The help text. */
export const USAGE = `Usage: npm run bench -- [options]

  --quick              1 round x 2 s per server (warm-up 1 s) instead of 5 x 3 s (warm-up 2 s)
  --scenario <name>    run only this scenario; repeat for several
  --rounds <n>         measured rounds per server per scenario
  --duration <s>       seconds per measured run
  --warmup <s>         seconds of warm-up per server per scenario
  --connections <n>    concurrent connections (default 50, pipelining 1)
  --bridge <kind>      lazy (default): the bridge's lazy Request; request: undici's, built in full
  --help               this text
Bare arguments are scenario names too. From the repository root, write numbers as --rounds=2.`;

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new Error(`--${name} needs a positive number, not "${value}"`);
  return parsed;
}

function requestKind(value: string | undefined): RequestKind {
  if (value === undefined) return "lazy";
  const kind = REQUEST_KINDS.find((known) => known === value);
  if (kind === undefined) throw new Error(`--bridge is one of ${REQUEST_KINDS.join(", ")}, not "${value}"`);
  return kind;
}

/**
 * Parses the bench's arguments.
 *
 * @param argv The arguments after the script name.
 * @param env The environment, for flags npm forwarded as `npm_config_*` variables.
 * @returns The settings; explicit numbers override those of `--quick`.
 * @throws On an unknown option, a value that is not a positive number or an unknown bridge.
 * @example
 * ```ts
 * parseOptions(["--quick", "--scenario", "csrf"]) // { rounds: 1, seconds: 2, scenarios: ["csrf"], ... }
 * ```
 */
export function parseOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): BenchOptions {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      quick: { type: "boolean", default: false },
      scenario: { type: "string", multiple: true, default: [] },
      rounds: { type: "string" },
      duration: { type: "string" },
      warmup: { type: "string" },
      connections: { type: "string" },
      bridge: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  const quick = values.quick || env.npm_config_quick === "true";
  const base = quick ? QUICK : FULL;
  const forwarded = env.npm_config_scenario;
  const scenarios = [...values.scenario, ...positionals];
  if (forwarded && forwarded !== "true") scenarios.push(forwarded);
  const numeric = (name: "rounds" | "duration" | "warmup" | "connections") =>
    values[name] ?? env[`npm_config_${name}`];
  return {
    rounds: Math.round(positive("rounds", numeric("rounds"), base.rounds)),
    seconds: positive("duration", numeric("duration"), base.seconds),
    warmSeconds: positive("warmup", numeric("warmup"), base.warmSeconds),
    connections: Math.round(positive("connections", numeric("connections"), 50)),
    bridge: requestKind(values.bridge ?? env.npm_config_bridge),
    scenarios,
    quick,
    help: values.help,
  };
}
