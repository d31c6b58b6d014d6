import {
  Auth,
  basePathOf,
  providerTypeOf,
  setCookiesOf,
  skipCSRFCheck,
  withoutCsrfCheck,
} from "@portcullis/core";
import GitHub from "@portcullis/core/providers/github";
import { describe, expect, it, vi } from "vitest";
import { config } from "../auth/helpers";

/** A credentials sign-in posted by server code: no CSRF cookie or token, as a form action sends it. */
function serverSidePost(): Request {
  return new Request("http://app.example/auth/callback/credentials", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
    body: new URLSearchParams({ username: "alice", password: "wonderland", callbackUrl: "/dashboard" }),
  });
}

describe("basePathOf", () => {
  it("reads basePath as the core does", () => {
    const cases: [string | undefined, string][] = [
      [undefined, "/auth"],
      ["/auth", "/auth"],
      ["api/auth/", "/api/auth"],
      ["//nested//", "/nested"],
      ["/", ""],
      ["", ""],
    ];
    for (const [basePath, expected] of cases) expect(basePathOf(config({ basePath }))).toBe(expected);
  });

  it("takes the path of AUTH_URL when the configuration sets none, as the core does", () => {
    vi.stubEnv("AUTH_URL", "https://app.example/api/auth");
    expect(basePathOf(config())).toBe("/api/auth");
    expect(basePathOf(config({ basePath: "/auth" }))).toBe("/auth");
    vi.unstubAllEnvs();
  });
});

describe("providerTypeOf", () => {
  it("answers the type of a configured provider, a bare factory included, and undefined for others", () => {
    const cfg = config({ providers: [config().providers![0]!, GitHub] });
    expect(providerTypeOf(cfg, "credentials")).toBe("credentials");
    expect(providerTypeOf(cfg, "github")).toBe("oauth");
    expect(providerTypeOf(cfg, "nope")).toBeUndefined();
    expect(providerTypeOf(cfg, "__proto__")).toBeUndefined();
  });
});

describe("withoutCsrfCheck", () => {
  it("lets server code sign in without the browser's CSRF token, and only through the copy", async () => {
    const cfg = config();
    const refused = await Auth(serverSidePost(), cfg);
    expect(await refused.json()).toEqual({ url: expect.stringContaining("error=MissingCSRF") });
    const answer = await Auth(serverSidePost(), withoutCsrfCheck(cfg));
    expect(await answer.json()).toEqual({ url: "http://app.example/dashboard" });
    expect(setCookiesOf(answer).map((c) => c.name)).toContain("authjs.session-token");
  });

  it("shares the original's adapter and warnings: nothing is set up or logged twice", async () => {
    const warnings: string[] = [];
    let adapters = 0;
    const cfg = config({
      logger: { warn: (code) => warnings.push(code) },
      adapter: () => {
        adapters++;
        return {};
      },
      session: { strategy: "jwt" },
    });
    await Auth(new Request("http://app.example/auth/providers"), cfg);
    const answer = await Auth(serverSidePost(), withoutCsrfCheck(cfg));
    expect(await answer.json()).toEqual({ url: "http://app.example/dashboard" });
    expect(adapters).toBe(1);
    expect(warnings).not.toContain("csrf-disabled");
  });

  it("still warns when an app turns the check off itself", async () => {
    const warnings: string[] = [];
    const cfg = config({ skipCSRFCheck, logger: { warn: (code) => warnings.push(code) } });
    await Auth(new Request("http://app.example/auth/providers"), cfg);
    expect(warnings).toContain("csrf-disabled");
  });

  it("answers the same copy for the same configuration, and leaves the original alone", () => {
    const cfg = config();
    expect(withoutCsrfCheck(cfg)).toBe(withoutCsrfCheck(cfg));
    expect(withoutCsrfCheck(cfg)).not.toBe(cfg);
    expect(cfg.skipCSRFCheck).toBeUndefined();
  });
});

describe("setCookiesOf", () => {
  it("splits the core's session cookie into its value and attributes", async () => {
    const answer = await Auth(serverSidePost(), withoutCsrfCheck(config()));
    const session = setCookiesOf(answer).find((c) => c.name === "authjs.session-token")!;
    expect(session.value).toMatch(/^eyJ[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(session.options).toEqual({
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      expires: expect.any(Date),
    });
    expect(session.options.expires!.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it("keeps values as written and drops what it cannot read", () => {
    const headers = new Headers();
    const lines = [
      "a=x%7Cy; Path=/app; Domain=.example.com; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; Partitioned; SameSite=None",
      "b=; Path=relative; Max-Age=soon; Expires=never; SameSite=sideways; Domain=",
      "=nameless; Path=/",
      "no-equals-sign",
      " c = spaced ; HttpOnly",
    ];
    for (const line of lines) headers.append("set-cookie", line);
    expect(setCookiesOf(new Response(null, { headers }))).toEqual([
      {
        name: "a",
        value: "x%7Cy",
        options: {
          path: "/app",
          domain: ".example.com",
          maxAge: 0,
          expires: new Date(0),
          secure: true,
          partitioned: true,
          sameSite: "none",
        },
      },
      { name: "b", value: "", options: {} },
      { name: "c", value: "spaced", options: { httpOnly: true } },
    ]);
  });

  it("answers an empty list for a response without cookies", () => {
    expect(setCookiesOf(new Response("{}"))).toEqual([]);
  });
});
