/**
 * Every scenario the bench can run, with the contenders each one compares, in run order. The
 * floor comes last, as the table shows it.
 *
 * @module
 */
import type { AppName } from "../apps/app";
import type { RequestKind } from "../bridge";
import { POOL_SIZE } from "../jwt/codec";
import { getPlan } from "../load/plan";
import type { InProcessOp, JwtOp } from "../process/protocol";
import type { ServiceName } from "../services";
import type { Contender } from "./contender";
import { startHttpContender } from "./http-contender";
import { HTTP_SCENARIOS, type HttpScenario } from "./http-scenarios";
import { startJwtContender } from "./jwt-contender";

/** The bench's settings that scenarios need. */
export interface ScenarioSettings {
  connections: number;
  bridge: RequestKind;
  /** The URL of the database server the bench started for the scenario ({@link Scenario.service}). */
  serverUrl?: string;
}

/**
 * A contender's part in a scenario: an app, or `portcullisBaseline`, Portcullis without the
 * feature the row measures (see {@link HttpScenario.baseline}).
 */
export type Role = AppName | "portcullisBaseline";

/** One row of the table. */
export interface Scenario {
  name: string;
  title: string;
  unit: string;
  /** What the table says about the row besides its figures. */
  note?: string;
  /** `portcullis` and `authjs` (and maybe `portcullisBaseline`), or `floor` alone. */
  contenders: readonly Role[];
  /** A database server the bench starts before the contenders and stops after the row. */
  service?: ServiceName;
  start(contender: Role, settings: ScenarioSettings): Promise<Contender>;
}

const PAIR = ["portcullis", "authjs"] as const;

/** With a baseline: Portcullis, its baseline, Auth.js, so that the baseline runs between the two. */
const WITH_BASELINE = ["portcullis", "portcullisBaseline", "authjs"] as const;

function http(scenario: HttpScenario): Scenario {
  const { baseline } = scenario;
  const appOf = (role: Role): AppName => (role === "portcullisBaseline" ? "portcullis" : role);
  const modeOf = (role: Role) => (role === "portcullis" || !baseline ? scenario.mode : baseline);
  return {
    ...scenario,
    contenders: baseline ? WITH_BASELINE : PAIR,
    start: (role, { connections, bridge, serverUrl }) =>
      startHttpContender({
        app: appOf(role),
        mode: modeOf(role),
        prepare: scenario.prepare,
        connections,
        bridge,
        serverUrl,
      }),
  };
}

function inProcess(name: string, op: InProcessOp, title: string, unit = "ops/s"): Scenario {
  return {
    name,
    title,
    unit,
    contenders: PAIR,
    start: (library) => startJwtContender(library as (typeof PAIR)[number], op),
  };
}

function jwt(op: JwtOp, title: string): Scenario {
  return inProcess(`jwt-${op}`, op, title);
}

const floor: Scenario = {
  name: "floor",
  title: "floor: bare node:http + bridge, constant JSON",
  unit: "req/s",
  contenders: ["floor"],
  start: (_, { connections, bridge }) =>
    startHttpContender({
      app: "floor",
      mode: "jwt",
      connections,
      bridge,
      prepare: async ({ origin }) => {
        const body = await (await fetch(`${origin}/`)).json();
        if ((body as { ok?: unknown }).ok !== true)
          throw new Error("check failed: the floor answers {ok:true}");
        return () => getPlan("/", {});
      },
    }),
};

/** Every scenario, in run order. */
export const SCENARIOS: readonly Scenario[] = [
  ...HTTP_SCENARIOS.map(http),
  inProcess(
    "server-session",
    "server-session",
    "server-side session read of one signed-in JWT user (`createAuth(config).session({ headers })` vs `Auth(new Request(...))` + `json()`), in-process",
    "reads/s",
  ),
  inProcess(
    "server-session-many",
    "server-session-many",
    `server-side session read, ${POOL_SIZE.toLocaleString("en-US")} users' JWT sessions in turn (as \`server-session\`), in-process`,
    "reads/s",
  ),
  jwt("encode", "session JWT encode, in-process"),
  jwt(
    "decode",
    `session JWT decode, ${POOL_SIZE.toLocaleString("en-US")} distinct tokens in turn, in-process`,
  ),
  jwt("decode-same", "session JWT decode, the same token again and again, in-process"),
  floor,
];
