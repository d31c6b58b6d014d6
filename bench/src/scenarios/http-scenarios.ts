/**
 * The HTTP scenarios: what each one sends to a server and how it checks, once before timing,
 * that the server answers it as intended (so a misconfigured server cannot post a fast error
 * page as its result).
 *
 * @module
 */
import type { SessionMode } from "../apps/app";
import { ALICE, BASE_PATH, SESSION_COOKIE } from "../config";
import { POOL_SIZE } from "../jwt/codec";
import { BrowserJars } from "../load/browser-jars";
import { cookieHeader } from "../load/cookies";
import { browsersPlan, getPlan, type LoadPlan, rotatingCookiePlan } from "../load/plan";
import { signInOnce, signInSequence } from "../load/sign-in";
import { tokenPool } from "../load/token-pool";
import type { ServiceName } from "../services";

/** The server a scenario is prepared against. */
export interface Target {
  origin: string;
  /** The seeded session's cookie, from a database-mode server. */
  sessionCookie?: string;
}

/** One HTTP scenario. */
export interface HttpScenario {
  name: string;
  title: string;
  /** The unit of the rate column. */
  unit: "req/s" | "sign-ins/s";
  /** The session mode of the servers it runs against (of Portcullis's, when `baseline` is set). */
  mode: SessionMode;
  /**
   * Set when Auth.js has nothing like `mode`: Auth.js runs this mode instead, and so does a third
   * server, Portcullis's, measured in the same rounds, so that Portcullis in `mode` is compared
   * with itself without the feature as well as with Auth.js.
   */
  baseline?: SessionMode;
  /** What the table says about the row besides its figures. */
  note?: string;
  /** The database server the bench starts for this scenario, when its servers keep sessions on one. */
  service?: ServiceName;
  /** Checks the server and returns a factory of fresh plans, one per run (warm-up or measure). */
  prepare(target: Target): Promise<PlanFactory>;
}

/** Makes the plan of one run; it may first talk to the server (a sign-in), before the run's CPU is counted. */
export type PlanFactory = () => LoadPlan | Promise<LoadPlan>;

async function getJson(target: Target, path: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(`${target.origin}${path}`, { headers });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}

function expect(ok: boolean, what: string): void {
  if (!ok) throw new Error(`check failed: ${what}`);
}

const isAlice = (session: unknown) =>
  (session as { user?: { email?: string } } | null)?.user?.email === ALICE.email;

async function sessionOf(target: Target, cookie: string): Promise<() => LoadPlan> {
  const headers = { cookie };
  expect(isAlice(await getJson(target, `${BASE_PATH}/session`, headers)), "the session is alice's");
  return () => getPlan(`${BASE_PATH}/session`, headers);
}

/** One user's visit with its jar's cookies, checked to be alice's session, the answer's cookies kept. */
async function visitAsAlice(target: Target, jars: BrowserJars, user: number): Promise<void> {
  const response = await fetch(`${target.origin}${BASE_PATH}/session`, {
    headers: { cookie: jars.cookieOf(user) },
  });
  expect(response.status === 200 && isAlice(await response.json()), "the session is alice's");
  const setCookies = response.headers.getSetCookie();
  expect(cookieHeader(setCookies).includes(`${SESSION_COOKIE}=`), "a read re-issues the session cookie");
  jars.store(user, setCookies);
}

/**
 * One browser reading its session again and again, signed in afresh before each run: its token
 * was issued, and its store entry checked, at most a run's length ago. A revocable session's
 * token carries the time of its last check, and the bench never stores the re-issued cookie (as
 * `session-jwt` does not), so with a single sign-in every read would come due for a check once
 * `revalidateAfter` has passed since it; signing in per run keeps `session-jwt-revocable`'s reads
 * between checks for runs shorter than a minute. The baseline servers get the same treatment.
 */
async function freshSessionPerRun(target: Target): Promise<PlanFactory> {
  await sessionOf(target, await signInOnce(target.origin));
  return async () => getPlan(`${BASE_PATH}/session`, { cookie: await signInOnce(target.origin) });
}

/** A database server's seeded session, checked to be alice's, read again and again. */
function seededSession(target: Target): Promise<() => LoadPlan> {
  if (!target.sessionCookie) throw new Error("a database server reports its seeded session cookie");
  return sessionOf(target, target.sessionCookie);
}

/** Every HTTP scenario, in the order they run. */
export const HTTP_SCENARIOS: readonly HttpScenario[] = [
  {
    name: "session-jwt",
    title: "GET /auth/session, one JWT session cookie again and again (one browser)",
    unit: "req/s",
    mode: "jwt",
    prepare: async (target) => sessionOf(target, await signInOnce(target.origin)),
  },
  {
    name: "session-jwt-revocable",
    title:
      "GET /auth/session, one revocable JWT session cookie again and again (one browser), reads between store checks (`revalidateAfter: 60`)",
    unit: "req/s",
    mode: "jwt-revocable",
    baseline: "jwt",
    note: "Auth.js (which has no revocable sessions) and the baseline run plain JWT sessions",
    prepare: freshSessionPerRun,
  },
  {
    name: "session-jwt-revocable-check",
    title:
      "GET /auth/session, one revocable JWT session cookie again and again (one browser), every read checks the in-memory store (`revalidateAfter: 0`)",
    unit: "req/s",
    mode: "jwt-revocable-check",
    baseline: "jwt",
    note: "Auth.js (which has no revocable sessions) and the baseline run plain JWT sessions",
    prepare: freshSessionPerRun,
  },
  {
    name: "session-jwt-many",
    title: `GET /auth/session, ${POOL_SIZE.toLocaleString("en-US")} distinct JWT session cookies in turn (many users)`,
    unit: "req/s",
    mode: "jwt",
    prepare: async (target) => {
      const cookies = (await tokenPool()).map((token) => `${SESSION_COOKIE}=${token}`);
      await sessionOf(target, cookies[0]!);
      return () => rotatingCookiePlan(`${BASE_PATH}/session`, cookies);
    },
  },
  {
    name: "session-jwt-browsers",
    title: `GET /auth/session, ${POOL_SIZE.toLocaleString("en-US")} users in turn, each browser sending back its latest cookies`,
    unit: "req/s",
    mode: "jwt",
    prepare: async (target) => {
      // Each server gets jars of its own (the tokens it issues are its own), started from the
      // same pool of first tokens.
      const jars = new BrowserJars((await tokenPool()).map((token) => `${SESSION_COOKIE}=${token}`));
      await visitAsAlice(target, jars, 0);
      return () => browsersPlan(`${BASE_PATH}/session`, jars);
    },
  },
  {
    name: "session-none",
    title: "GET /auth/session, no cookie",
    unit: "req/s",
    mode: "jwt",
    prepare: async (target) => {
      expect((await getJson(target, `${BASE_PATH}/session`)) === null, "no cookie means no session");
      return () => getPlan(`${BASE_PATH}/session`, {});
    },
  },
  {
    name: "csrf",
    title: "GET /auth/csrf",
    unit: "req/s",
    mode: "jwt",
    prepare: async (target) => {
      const body = (await getJson(target, `${BASE_PATH}/csrf`)) as { csrfToken?: unknown };
      expect(typeof body.csrfToken === "string", "a CSRF token is issued");
      return () => getPlan(`${BASE_PATH}/csrf`, {});
    },
  },
  {
    name: "providers",
    title: "GET /auth/providers",
    unit: "req/s",
    mode: "jwt",
    prepare: async (target) => {
      const body = (await getJson(target, `${BASE_PATH}/providers`)) as Record<string, unknown>;
      expect("credentials" in body, "the credentials provider is listed");
      return () => getPlan(`${BASE_PATH}/providers`, {});
    },
  },
  {
    name: "signin",
    title: "credentials sign-in (GET csrf + POST callback)",
    unit: "sign-ins/s",
    mode: "jwt",
    prepare: async (target) => {
      await signInOnce(target.origin);
      return () => {
        const { requests, outcomes } = signInSequence();
        return {
          requests,
          stepsPerOp: requests.length,
          count: (result) => ({
            ops: outcomes.ok,
            failures: outcomes.failed + result.errors + result.timeouts,
          }),
        };
      };
    },
  },
  {
    name: "session-db",
    title: "GET /auth/session, database session (SQLite)",
    unit: "req/s",
    mode: "database",
    prepare: seededSession,
  },
  {
    name: "session-db-postgres",
    title: "GET /auth/session, database session (PostgreSQL)",
    unit: "req/s",
    mode: "database-postgres",
    service: "postgres",
    prepare: seededSession,
  },
  {
    name: "session-db-redis",
    title: "GET /auth/session, database session (Redis)",
    unit: "req/s",
    mode: "database-redis",
    service: "redis",
    prepare: seededSession,
  },
];
