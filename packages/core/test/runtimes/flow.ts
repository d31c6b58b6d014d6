/**
 * The sign-in flow that the runtimes test runs inside each runtime. esbuild bundles this module
 * with the core into one ESM file that imports nothing, so every runtime runs the very same code:
 * Node, Bun and Deno import it and print {@link runFlow}'s answer; workerd serves it through the
 * default export's `fetch`.
 *
 * Only Web standards from here on: no `node:` module, no `process`, no file or network access.
 * The requests go straight to `Auth`, in the same process, as a framework adapter would pass them.
 *
 * @module
 */
import { Auth, type AuthConfig, setEnvDefaults } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { TestClient } from "../../../testkit/src/client";

/** What one runtime reports: which runtime it is, and what a client saw during the flow. */
export interface FlowReport {
  /** The runtime that ran the flow, e.g. `node 20.20.2`, `bun 1.4.5`, `deno 2.9.6`, `workerd`. */
  runtime: string;
  /** What the client observed; the same in every runtime when the core behaves the same. */
  summary: FlowSummary;
}

/** What a browser-like client observed at each step of a credentials sign-in and sign-out. */
export interface FlowSummary {
  csrf: { status: number; hasToken: boolean; cookies: string[] };
  signIn: { status: number; location: string | null; cookies: string[] };
  session: { status: number; user: unknown; hasExpiry: boolean };
  signOut: { status: number; location: string | null; cookies: string[] };
  sessionAfterSignOut: { status: number; body: unknown };
  /** A configuration given its environment through `setEnvDefaults`, as a Worker passes its bindings. */
  givenEnvironment: {
    /** The sign-in URL `/providers` names for a request with a forged X-Forwarded-Host: AUTH_URL's. */
    signinUrl: unknown;
    /** The status of a request under a short secret and a public AUTH_URL: 500 where that is production. */
    shortSecretStatus: number;
  };
}

const ORIGIN = "https://app.example";

const config: AuthConfig = {
  // Everything is in the configuration, so the core needs no environment variable: Deno runs
  // this without `--allow-env`, and a Worker has no process environment at all.
  secret: "a-runtime-test-secret-of-at-least-32-chars",
  trustHost: true,
  basePath: "/auth",
  providers: [
    Credentials({
      credentials: { username: {}, password: { type: "password" } },
      authorize: async ({ username, password }) =>
        username === "alice" && password === "wonderland"
          ? { id: "u1", name: "Alice", email: "alice@example.com" }
          : null,
    }),
  ],
};

/** Names of the cookies a response sets (or clears), sorted so runtimes compare equal. */
function cookieNames(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .map((header) => header.slice(0, header.indexOf("=")))
    .sort();
}

/** Names the runtime from globals each one has, most specific first (Deno and Bun have `process` too). */
function runtimeName(): string {
  const scope = globalThis as {
    Bun?: { version: string };
    Deno?: { version: { deno: string } };
    navigator?: { userAgent?: string };
    process?: { versions?: { node?: string } };
  };
  if (scope.Bun) return `bun ${scope.Bun.version}`;
  if (scope.Deno) return `deno ${scope.Deno.version.deno}`;
  if (scope.navigator?.userAgent === "Cloudflare-Workers") return "workerd";
  return `node ${scope.process?.versions?.node}`;
}

/**
 * Signs in with the credentials provider, reads the session, signs out and reads it again.
 *
 * @returns The runtime's name and what the client saw.
 * @example
 * const { runtime, summary } = await runFlow();
 */
export async function runFlow(): Promise<FlowReport> {
  const client = new TestClient((request) => Auth(request, config), ORIGIN);

  const csrfResponse = await client.get("/auth/csrf");
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken?: string };
  const csrf = {
    status: csrfResponse.status,
    hasToken: Boolean(csrfToken),
    cookies: cookieNames(csrfResponse),
  };

  const signInResponse = await client.post("/auth/callback/credentials", {
    form: {
      csrfToken: csrfToken ?? "",
      username: "alice",
      password: "wonderland",
      callbackUrl: "/dashboard",
    },
  });
  const signIn = {
    status: signInResponse.status,
    location: signInResponse.headers.get("location"),
    cookies: cookieNames(signInResponse),
  };

  const sessionResponse = await client.get("/auth/session");
  const body = (await sessionResponse.json()) as { user?: unknown; expires?: string } | null;
  const session = {
    status: sessionResponse.status,
    user: body?.user ?? null,
    hasExpiry: typeof body?.expires === "string",
  };

  const signOutResponse = await client.post("/auth/signout", { form: { csrfToken: csrfToken ?? "" } });
  const signOut = {
    status: signOutResponse.status,
    location: signOutResponse.headers.get("location"),
    cookies: cookieNames(signOutResponse),
  };

  const afterResponse = await client.get("/auth/session");
  const sessionAfterSignOut = { status: afterResponse.status, body: await afterResponse.json() };

  return {
    runtime: runtimeName(),
    summary: {
      csrf,
      signIn,
      session,
      signOut,
      sessionAfterSignOut,
      givenEnvironment: await givenEnvironment(),
    },
  };
}

const credentialsOnly = () => [Credentials({ credentials: { username: {} }, authorize: () => null })];

/**
 * The environment given with `setEnvDefaults`, not `process.env`: its AUTH_URL pins the public
 * origin against a forged X-Forwarded-Host, and without NODE_ENV a runtime with no process
 * environment (workerd) is production, where a short secret is refused.
 */
async function givenEnvironment(): Promise<FlowSummary["givenEnvironment"]> {
  const pinned = setEnvDefaults(
    { AUTH_URL: "https://app.example/auth", AUTH_SECRET: config.secret as string },
    { providers: credentialsOnly() },
  );
  const forged = new Request("https://app.example/auth/providers", {
    headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
  });
  const providers = (await (await Auth(forged, pinned)).json()) as { credentials?: { signinUrl?: unknown } };
  const short = setEnvDefaults(
    { AUTH_URL: "https://app.example/auth", AUTH_SECRET: "short" },
    { providers: credentialsOnly() },
  );
  const shortSecret = await Auth(new Request("https://app.example/auth/session"), short);
  return { signinUrl: providers.credentials?.signinUrl, shortSecretStatus: shortSecret.status };
}

/** workerd's entry: a Worker whose every request runs the flow and answers the report as JSON. */
export default {
  async fetch(): Promise<Response> {
    return Response.json(await runFlow());
  },
};
