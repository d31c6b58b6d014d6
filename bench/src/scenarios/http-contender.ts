/**
 * A server process as a contender: it runs one app, and each measurement drives it with
 * autocannon and reads its CPU time and peak RSS before and after.
 *
 * @module
 */
import autocannon from "autocannon";
import type { AppName, SessionMode } from "../apps/app";
import type { RequestKind } from "../bridge";
import { recordLatencies } from "../load/latencies";
import type { LoadPlan } from "../load/plan";
import { startChild } from "../process/child";
import type { Contender, Sample } from "./contender";
import { KB_PER_MB } from "./contender";
import type { PlanFactory, Target } from "./http-scenarios";

/** What the servers are asked to run and how they are loaded. */
export interface HttpSetup {
  app: AppName;
  mode: SessionMode;
  prepare(target: Target): Promise<PlanFactory>;
  /** Concurrent connections, each with one request in flight (no pipelining). */
  connections: number;
  /** What the bridge hands the server as its request. */
  bridge: RequestKind;
  /** The PostgreSQL or Redis server the app keeps its sessions on, for the modes that need one. */
  serverUrl?: string;
}

/**
 * Starts a server process for `setup.app` on the server core, prepares the scenario against it
 * and returns it as a contender.
 *
 * @param setup The app, session mode, scenario preparation and connection count.
 * @returns The contender; `stop()` ends the server.
 * @throws {ChildUnavailable} When the app cannot be built (the SQL adapter is missing).
 * @throws When the server does not answer the scenario as intended.
 * @example
 * ```ts
 * const server = await startHttpContender({ app: "floor", mode: "jwt", prepare, connections: 50, bridge: "lazy" });
 * const sample = await server.measure(5);
 * ```
 */
export async function startHttpContender(setup: HttpSetup): Promise<Contender> {
  const serverUrl = setup.serverUrl === undefined ? [] : [setup.serverUrl];
  const child = await startChild("server-main", [setup.app, setup.mode, setup.bridge, ...serverUrl]);
  const origin = `http://127.0.0.1:${child.ready.port}`;
  let makePlan: PlanFactory;
  try {
    makePlan = await setup.prepare({ origin, sessionCookie: child.ready.sessionCookie });
  } catch (error) {
    await child.stop();
    throw error;
  }
  const start = (seconds: number, plan: LoadPlan) =>
    autocannon({
      url: `${origin}${plan.path ?? ""}`,
      headers: plan.headers,
      requests: plan.requests,
      connections: setup.connections,
      pipelining: 1,
      duration: seconds,
    });
  return {
    warm: async (seconds) => {
      await start(seconds, await makePlan());
    },
    measure: async (seconds) => {
      // Before the CPU reading, so that what the plan asks of the server first is not counted.
      const plan = await makePlan();
      const before = (await child.call({ type: "stats" })).stats;
      const loadBefore = process.cpuUsage();
      const instance = start(seconds, plan);
      const latencies = recordLatencies(instance, plan.stepsPerOp ?? 1);
      const result = await instance;
      const load = process.cpuUsage(loadBefore);
      const after = (await child.call({ type: "stats" })).stats;
      const { ops, failures } = plan.count(result);
      const sample: Sample = {
        rate: ops / result.duration,
        ...latencies(),
        cpuPerOp: ops > 0 ? (after.cpuMicros - before.cpuMicros) / ops : Number.NaN,
        peakRssMb: after.maxRssKb / KB_PER_MB,
        loadCpuShare: (load.user + load.system) / (result.duration * 1e6),
        failures,
      };
      return sample;
    },
    stop: child.stop,
  };
}
