/**
 * Environment inference from the environment an app hands over (`setEnvDefaults(env, config)`),
 * and from a process environment the runtime refuses to read (Deno without `--allow-env`).
 */
import { Auth, type AuthConfig, setEnvDefaults } from "@portcullis/core";
import GitHub from "@portcullis/core/providers/github";
import Resend from "@portcullis/core/providers/resend";
import { afterEach, describe, expect, it, vi } from "vitest";
import { credentials, SECRET } from "./helpers";

describe("setEnvDefaults", () => {
  it("fills OAuth client settings from AUTH_{PROVIDER}_ID/_SECRET/_ISSUER of the env it is given", () => {
    const env = {
      AUTH_GITHUB_ID: "gh-id",
      AUTH_GITHUB_SECRET: "gh-secret",
      AUTH_GITHUB_ISSUER: "https://gh.example",
    };
    const config = setEnvDefaults(env, { providers: [GitHub] });
    expect(config.providers[0]).toMatchObject({
      id: "github",
      clientId: "gh-id",
      clientSecret: "gh-secret",
      issuer: "https://gh.example",
    });
  });

  it("fills an email vendor's apiKey from AUTH_{PROVIDER}_KEY", () => {
    const config = setEnvDefaults(
      { AUTH_RESEND_KEY: "re_key" },
      { providers: [Resend({ from: "a@b.example" })] },
    );
    expect(config.providers[0]).toMatchObject({ id: "resend", apiKey: "re_key" });
  });

  it("keeps what the configuration sets over the environment", () => {
    const env = { AUTH_GITHUB_ID: "from-env", AUTH_GITHUB_SECRET: "from-env" };
    const config = setEnvDefaults(env, { providers: [GitHub({ clientId: "mine", clientSecret: "mine" })] });
    expect(config.providers[0]).toMatchObject({ clientId: "mine", clientSecret: "mine" });
  });

  // Integrations written for Auth.js call setEnvDefaults and read these back (to mount routes, to
  // hand the secrets on), so they come back in Auth.js's shape.
  it.each<[string, Record<string, string>, string]>([
    ["no AUTH_URL", {}, "/auth"],
    ["an AUTH_URL that is not a URL", { AUTH_URL: "not a url" }, "/auth"],
    ["an AUTH_URL without a path", { AUTH_URL: "https://app.example" }, "/auth"],
    ["an AUTH_URL with a path", { AUTH_URL: "https://app.example/api/auth" }, "/api/auth"],
  ])("sets basePath with %s", (_case, env, basePath) => {
    expect(setEnvDefaults(env, { providers: [] }).basePath).toBe(basePath);
  });

  it("keeps a basePath the configuration sets", () => {
    expect(
      setEnvDefaults({ AUTH_URL: "https://app.example/x" }, { basePath: "/mine", providers: [] }).basePath,
    ).toBe("/mine");
  });

  it("sets secret to the list of the environment's secrets", () => {
    expect(setEnvDefaults({ AUTH_SECRET: SECRET }, { providers: [] }).secret).toEqual([SECRET]);
  });

  it("declares no host trust from a non-production NODE_ENV alone", () => {
    expect(setEnvDefaults({ NODE_ENV: "development" }, { providers: [] }).trustHost).toBeUndefined();
    expect(setEnvDefaults({ AUTH_TRUST_HOST: "true" }, { providers: [] }).trustHost).toBe(true);
    expect(setEnvDefaults({ AUTH_TRUST_HOST: "false" }, { providers: [] }).trustHost).toBe(false);
    expect(setEnvDefaults({ AUTH_URL: "https://app.example" }, { providers: [] }).trustHost).toBe(true);
  });
});

describe("production without NODE_ENV", () => {
  // A Worker with Node compatibility, Deno or Bun has a process environment without NODE_ENV, as
  // does a server started without it: an AUTH_URL on a public host says the app is deployed.
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  const status = async (env: Record<string, string>) =>
    (
      await Auth(
        new Request("https://app.example/auth/session"),
        setEnvDefaults(env, { providers: [credentials] }),
      )
    ).status;

  it.each([
    [
      "a short secret, AUTH_URL on a public host",
      { AUTH_URL: "https://app.example/auth", AUTH_SECRET: "hunter2" },
      500,
    ],
    ["no secret, AUTH_URL on a public host", { AUTH_URL: "https://app.example/auth" }, 500],
    [
      "a short secret, AUTH_URL on localhost",
      { AUTH_URL: "http://localhost:3000/auth", AUTH_SECRET: "hunter2" },
      200,
    ],
    [
      "a short secret, NODE_ENV development",
      { AUTH_URL: "https://app.example/auth", AUTH_SECRET: "hunter2", NODE_ENV: "development" },
      200,
    ],
    [
      "a short secret, AUTH_TRUST_HOST behind a proxy",
      { AUTH_TRUST_HOST: "true", AUTH_SECRET: "hunter2" },
      500,
    ],
    [
      "a long secret, AUTH_URL on a public host",
      { AUTH_URL: "https://app.example/auth", AUTH_SECRET: SECRET },
      200,
    ],
  ])("%s", async (_, env, expected) => {
    vi.stubEnv("NODE_ENV", undefined);
    expect(await status(env)).toBe(expected);
  });
});

describe("the environment kept with a configuration", () => {
  it("is not printed when the app logs its configuration", async () => {
    const { inspect } = await import("node:util");
    const env = { DATABASE_URL: "postgres://app:db-password@db.internal/app", AUTH_SECRET: SECRET };
    const config = setEnvDefaults(env, { providers: [] });
    expect(inspect(config)).not.toContain("db-password");
    expect(JSON.stringify(config)).not.toContain("db-password");
    expect(inspect({ ...config })).toContain("[the environment given to setEnvDefaults]");
  });
});

describe("a process environment that refuses reads", () => {
  // Deno without --allow-env throws on every read of `process.env.X`. Deno is not part of this
  // suite's runtimes yet, so the refusal is reproduced with an env object that throws the same way.
  const realEnv = process.env;
  afterEach(() => {
    process.env = realEnv;
  });

  it("answers every action from the configuration alone", async () => {
    process.env = new Proxy(
      {},
      {
        get() {
          throw new Error(
            'NotCapable: Requires env access to "AUTH_URL", run again with the --allow-env flag',
          );
        },
      },
    ) as NodeJS.ProcessEnv;
    const config: AuthConfig = { secret: SECRET, trustHost: true, providers: [credentials] };
    for (const action of ["csrf", "providers", "session", "signin"]) {
      const response = await Auth(new Request(`http://localhost:3000/auth/${action}`), config);
      expect([action, response.status]).toEqual([action, 200]);
    }
  });
});
