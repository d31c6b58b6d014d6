/**
 * The app's `session` callback throwing is the app's bug, not the visitor's and not a bad cookie:
 * GET /session still answers 200 `null` and a failed update 400 `null` (never the error page),
 * the failure is logged with its cause, and the session is not ended, so the same cookie reads
 * it again once the callback works. The engine's server face answers the same way.
 */
import { type AuthConfig, createAuth } from "@portcullis/core";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { describe, expect, it } from "vitest";
import { recordingLogger } from "../auth/helpers";
import { browser, controlConfig, USERS, whoIs } from "./helpers";

const LOGGED_AS = { jwt: "JWTSessionError", database: "SessionTokenError" } as const;

/** Alice signed in, under a `session` callback that throws while `broken` is set. */
async function signedIn(strategy: "jwt" | "database", callbacks?: AuthConfig["callbacks"]) {
  const adapter = MemoryAdapter();
  for (const user of Object.values(USERS)) await adapter.createUser!({ ...user, emailVerified: null });
  const failure = new Error("the profile service is down");
  const state = { broken: false };
  const { log, logger } = recordingLogger();
  const config = controlConfig({
    adapter,
    session: { strategy },
    logger,
    callbacks: callbacks ?? {
      session: ({ session }) => {
        if (state.broken) throw failure;
        return session;
      },
    },
  });
  const client = await browser(config, "alice");
  const breakCallback = (broken: boolean): void => {
    state.broken = broken;
  };
  return { config, client, log, failure, breakCallback };
}

/** A session callback that applies an update the way Auth.js's docs show, trusting its shape. */
const readsUpdate: AuthConfig["callbacks"] = {
  session(params) {
    const { session, newSession, trigger } = params as typeof params & {
      newSession?: { user: { name: string } };
    };
    if (trigger !== "update") return session;
    return { ...session, user: { ...session.user, name: newSession!.user.name } };
  },
};

describe.each(["jwt", "database"] as const)("a session callback that throws (%s sessions)", (strategy) => {
  it(`answers GET /session with 200 null, logs ${LOGGED_AS[strategy]} with the cause, and keeps the session`, async () => {
    const { client, log, failure, breakCallback } = await signedIn(strategy);
    breakCallback(true);
    const response = await client.get("/auth/session");
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    expect(log.errors.map((e) => (e as { type?: string }).type)).toEqual([LOGGED_AS[strategy]]);
    expect(log.errors[0]!.cause).toBe(failure);
    expect(client.jar.get("authjs.session-token")).toBeDefined();
    breakCallback(false);
    expect(await whoIs(client)).toBe("Alice");
  });

  it("answers an update whose data the callback cannot read with 400 null, and the session stays as it was", async () => {
    const { client, log } = await signedIn(strategy, readsUpdate);
    const csrfToken = await client.csrfToken();
    const response = await client.post("/auth/session", { json: { csrfToken, data: "not an object" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toBeNull();
    expect(log.errors.map((e) => (e as { type?: string }).type)).toEqual([LOGGED_AS[strategy]]);
    expect(await whoIs(client)).toBe("Alice");
  });

  it("answers no session on the server face too, logged the same way", async () => {
    const { config, client, log, breakCallback } = await signedIn(strategy);
    breakCallback(true);
    const auth = createAuth(config);
    const call = { headers: { host: "localhost:3000", cookie: client.jar.header()! } };
    expect((await auth.session(call)).session).toBeNull();
    expect((await auth.update({ name: "Alicia" }, call)).session).toBeNull();
    expect(log.errors.map((e) => (e as { type?: string }).type)).toEqual([
      LOGGED_AS[strategy],
      LOGGED_AS[strategy],
    ]);
  });
});
