/**
 * A sibling subdomain can plant session-token chunk cookies (`authjs.session-token.0`, or a
 * `__Secure-` one with `Domain=` the parent) next to the user's own session cookie. Such a family
 * (the unchunked cookie next to chunks, a chunk sent twice, a run with a gap) reads as signed out
 * and nothing is deleted, as for a name sent twice: clearing would delete the user's own
 * host-only cookies while the planted one, set for another Domain, stays. A run of chunks that
 * does not decode is not cleared either, since a planted chunk may sit at its end.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { describe, expect, it } from "vitest";
import { client, config, signIn } from "./helpers";

const SESSION = "authjs.session-token";
const bigJwt = {
  callbacks: { jwt: ({ token }) => ({ ...token, bio: "x".repeat(9000) }) },
} satisfies Partial<AuthConfig>;

/** GET /auth/session with a raw Cookie header. */
function read(cfg: AuthConfig, cookie: string): Promise<Response> {
  return Auth(new Request("http://localhost:3000/auth/session", { headers: { cookie } }), cfg);
}

/** Names of the session cookies the answer deletes (Max-Age=0). */
function deleted(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .filter((header) => header.startsWith(SESSION) && /Max-Age=0/.test(header))
    .map((header) => header.slice(0, header.indexOf("=")));
}

/** The session cookies of a signed-in browser, as `name=value` pairs. */
async function victimCookies(cfg: AuthConfig): Promise<string[]> {
  const browser = client(cfg);
  await signIn(browser);
  return [...browser.jar.cookies.values()]
    .filter((c) => c.name.startsWith(SESSION))
    .map((c) => `${c.name}=${c.value}`);
}

describe("session chunk cookies planted by a sibling subdomain", () => {
  it("a planted authjs.session-token.0 next to an unchunked session does not delete the user's session cookie", async () => {
    const cfg = config();
    const victim = await victimCookies(cfg);
    expect(victim).toHaveLength(1);
    expect(await (await read(cfg, victim.join("; "))).json()).toMatchObject({ user: { name: "Alice" } });

    const response = await read(cfg, [...victim, `${SESSION}.0=planted-by-sibling`].join("; "));
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    expect(deleted(response)).toEqual([]);
  });

  it("a planted duplicate of chunk 0 does not delete the user's other chunks", async () => {
    const cfg = config(bigJwt);
    const victim = await victimCookies(cfg);
    expect(victim.length).toBeGreaterThanOrEqual(3);

    // Chunk 0 comes twice with different values: it is ignored, and so is the rest of the run.
    const response = await read(cfg, [`${SESSION}.0=planted-by-sibling`, ...victim].join("; "));
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    expect(deleted(response)).toEqual([]);
  });

  it("a planted chunk after the user's run, or a duplicate of its last chunk, deletes nothing", async () => {
    const cfg = config(bigJwt);
    const victim = await victimCookies(cfg);
    const last = victim.length - 1;
    for (const planted of [`${SESSION}.${last + 1}=planted`, `${SESSION}.${last}=planted`]) {
      const response = await read(cfg, [planted, ...victim].join("; "));
      expect(await response.json()).toBeNull();
      expect(deleted(response)).toEqual([]);
    }
  });

  it("database sessions read the unchunked cookie and ignore a planted chunk", async () => {
    const adapter = MemoryAdapter();
    await adapter.createUser!({ id: "u1", name: "Alice", email: "alice@example.com", emailVerified: null });
    const cfg = config({ adapter, session: { strategy: "database" } });
    const victim = await victimCookies(cfg);
    const response = await read(cfg, [...victim, `${SESSION}.0=planted-by-sibling`].join("; "));
    expect(await response.json()).toMatchObject({ user: { name: "Alice" } });
    expect(deleted(response)).toEqual([]);
  });

  it("an undecodable unchunked session cookie is still cleared", async () => {
    const response = await read(config(), `${SESSION}=garbage`);
    expect(await response.json()).toBeNull();
    expect(deleted(response)).toEqual([SESSION]);
  });
});
