/**
 * A request that carries one of our cookies twice with different values (one planted by a sibling
 * subdomain with a broader Domain or a longer Path, which the browser sends first) fails closed:
 * the CSRF check fails whatever the order, and the session reads as none. The values used are
 * real ones the app issued, to the victim and to the attacker (who visited the app first).
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { SECRET } from "./helpers";

const HTTP = "http://localhost:3000";
const HTTPS = "https://localhost:3000";
const PLAIN = "authjs.csrf-token";
const HOST = "__Host-authjs.csrf-token";
const SESSION = "authjs.session-token";

/** Signs in anyone by username, so the attacker and the victim are different users. */
const anyone = Credentials({
  credentials: { username: {} },
  authorize: async ({ username }) =>
    typeof username === "string" ? { id: username, name: username, email: `${username}@example.com` } : null,
});

function appConfig(overrides: Partial<AuthConfig> = {}): AuthConfig & { debugLines: string[] } {
  const debug: string[] = [];
  return {
    secret: SECRET,
    trustHost: true,
    providers: [anyone],
    logger: { debug: (message) => void debug.push(message), error: () => {}, warn: () => {} },
    ...overrides,
    debugLines: debug,
  };
}

/** A CSRF token and its cookie value, as the app issues them to a browser. */
async function issuedCsrf(cfg: AuthConfig): Promise<{ token: string; cookie: string }> {
  const browser = new TestClient((request) => Auth(request, cfg), HTTP);
  const token = await browser.csrfToken();
  // The jar keeps the value as the Set-Cookie header carried it (percent-encoded), as a browser sends it.
  return { token, cookie: browser.jar.get(PLAIN)! };
}

/** The session cookies of a fresh sign-in as `username`. */
async function signedIn(cfg: AuthConfig, username: string): Promise<Map<string, string>> {
  const browser = new TestClient((request) => Auth(request, cfg), HTTP);
  const csrfToken = await browser.csrfToken();
  await browser.post("/auth/callback/credentials", { form: { csrfToken, username } });
  const cookies = new Map<string, string>();
  for (const [name, cookie] of browser.jar.cookies)
    if (name.startsWith(SESSION)) cookies.set(name, cookie.value);
  expect(cookies.size).toBeGreaterThan(0);
  return cookies;
}

/** A POST of the sign-out form with a raw Cookie header; answers where it redirects. */
async function signOutWith(cfg: AuthConfig, origin: string, cookie: string, csrfToken: string) {
  const response = await Auth(
    new Request(`${origin}/auth/signout`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${origin}/bye` }),
    }),
    cfg,
  );
  expect(response.status).toBe(302);
  return (
    new URL(response.headers.get("location")!).pathname + new URL(response.headers.get("location")!).search
  );
}

/** GET session with a raw Cookie header; answers the JSON body. */
async function sessionWith(cfg: AuthConfig, cookie: string): Promise<unknown> {
  const response = await Auth(new Request(`${HTTP}/auth/session`, { headers: { cookie } }), cfg);
  expect(response.status).toBe(200);
  return response.json();
}

const REFUSED = "/auth/signin?error=MissingCSRF";
const ACCEPTED = "/bye";

describe("two CSRF cookies of one name", () => {
  type Who = "attacker" | "victim";
  // [title, where the POST goes, origin, cookies in header order as [name, whose value], whose token the form posts]
  const cases: Array<[string, string, string, Array<[string, Who]>, Who]> = [
    [
      "the attacker's first, the attacker's token posted",
      REFUSED,
      HTTP,
      [
        [PLAIN, "attacker"],
        [PLAIN, "victim"],
      ],
      "attacker",
    ],
    [
      "the attacker's first, the victim's token posted",
      REFUSED,
      HTTP,
      [
        [PLAIN, "attacker"],
        [PLAIN, "victim"],
      ],
      "victim",
    ],
    [
      "the victim's first, the victim's token posted",
      REFUSED,
      HTTP,
      [
        [PLAIN, "victim"],
        [PLAIN, "attacker"],
      ],
      "victim",
    ],
    [
      "the victim's first, the attacker's token posted",
      REFUSED,
      HTTP,
      [
        [PLAIN, "victim"],
        [PLAIN, "attacker"],
      ],
      "attacker",
    ],
    [
      "two __Host- cookies on https",
      REFUSED,
      HTTPS,
      [
        [HOST, "attacker"],
        [HOST, "victim"],
      ],
      "attacker",
    ],
    [
      "an unprefixed cookie alone on https (where __Host- is expected)",
      REFUSED,
      HTTPS,
      [[PLAIN, "attacker"]],
      "attacker",
    ],
    [
      "unprefixed and __Host- on https, the unprefixed token posted",
      REFUSED,
      HTTPS,
      [
        [PLAIN, "attacker"],
        [HOST, "victim"],
      ],
      "attacker",
    ],
    [
      "unprefixed and __Host- on https, the __Host- token posted",
      ACCEPTED,
      HTTPS,
      [
        [PLAIN, "attacker"],
        [HOST, "victim"],
      ],
      "victim",
    ],
    [
      "one cookie sent twice with the same value",
      ACCEPTED,
      HTTP,
      [
        [PLAIN, "victim"],
        [PLAIN, "victim"],
      ],
      "victim",
    ],
  ];

  it.each(cases)("%s: the sign-out POST goes to %s", async (_title, expected, origin, cookies, posted) => {
    const cfg = appConfig();
    const issued = { attacker: await issuedCsrf(cfg), victim: await issuedCsrf(cfg) };
    const header = cookies.map(([name, who]) => `${name}=${issued[who].cookie}`).join("; ");
    expect(await signOutWith(cfg, origin, header, issued[posted].token)).toBe(expected);
  });

  it("logs the name of the left-out cookie, never its values", async () => {
    const cfg = appConfig();
    const attacker = await issuedCsrf(cfg);
    const victim = await issuedCsrf(cfg);
    const header = `${PLAIN}=${attacker.cookie}; ${PLAIN}=${victim.cookie}`;
    await signOutWith(cfg, HTTP, header, attacker.token);
    const line = cfg.debugLines.find((message) => message.includes(`"${PLAIN}"`));
    expect(line).toContain("more than once with different values");
    expect(line).not.toContain(attacker.token);
    expect(line).not.toContain(victim.token);
  });
});

describe("two session cookies of one name", () => {
  const bigJwt = {
    callbacks: {
      jwt: ({ token }: { token: Record<string, unknown> }) => ({ ...token, bio: "x".repeat(9000) }),
    },
  } as Partial<AuthConfig>;
  const header = (...pairs: Array<[string, string]>) => pairs.map(([n, v]) => `${n}=${v}`).join("; ");

  it("read as no session when they disagree (JWT), whichever comes first", async () => {
    const cfg = appConfig();
    const attacker = (await signedIn(cfg, "mallory")).get(SESSION)!;
    const victim = (await signedIn(cfg, "alice")).get(SESSION)!;
    expect(await sessionWith(cfg, header([SESSION, attacker]))).toMatchObject({ user: { name: "mallory" } });
    expect(await sessionWith(cfg, header([SESSION, attacker], [SESSION, victim]))).toBeNull();
    expect(await sessionWith(cfg, header([SESSION, victim], [SESSION, attacker]))).toBeNull();
    expect(await sessionWith(cfg, header([SESSION, victim], [SESSION, victim]))).toMatchObject({
      user: { name: "alice" },
    });
  });

  it("read as no session when they disagree (database), and neither session row is ended", async () => {
    const adapter = MemoryAdapter();
    for (const id of ["mallory", "alice"])
      await adapter.createUser!({ id, name: id, email: `${id}@example.com`, emailVerified: null });
    const cfg = appConfig({ adapter, session: { strategy: "database" } });
    const attacker = (await signedIn(cfg, "mallory")).get(SESSION)!;
    const victim = (await signedIn(cfg, "alice")).get(SESSION)!;
    expect(await sessionWith(cfg, header([SESSION, attacker], [SESSION, victim]))).toBeNull();
    expect(await adapter.getSessionAndUser!(attacker)).not.toBeNull();
    expect(await adapter.getSessionAndUser!(victim)).not.toBeNull();
  });

  it("still read a chunked session whole, and none when one chunk comes twice with different values", async () => {
    const cfg = appConfig(bigJwt);
    const victim = [...(await signedIn(cfg, "alice"))];
    const attacker = [...(await signedIn(cfg, "mallory"))];
    expect(victim.length).toBeGreaterThanOrEqual(3);
    expect(victim.every(([name], i) => name === `${SESSION}.${i}`)).toBe(true);
    expect(await sessionWith(cfg, header(...victim))).toMatchObject({ user: { name: "alice" } });
    expect(await sessionWith(cfg, header(attacker[0]!, ...victim))).toBeNull();
  });
});
