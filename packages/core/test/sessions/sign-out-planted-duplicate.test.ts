/**
 * Sign-out while a sibling subdomain has planted a second `authjs.session-token` (another Domain,
 * so the browser sends both, and reads ignore both): the session behind the user's own cookie,
 * which the answer clears, is ended on the server too (database row, or store entry of a
 * revocable JWT). Each copy is ended only if it is a live session of its own, so a planted copy
 * can end nothing but its planter's own session.
 */
import { Auth, type AuthConfig, memorySessionStore } from "@portcullis/core";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import type { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { browser, controlConfig, listOf, USERS } from "./helpers";

const SESSION = "authjs.session-token";

/** POST signout from `client`'s browser, with a sibling's cookie (`name=value`) sent first. */
async function signOutWithPlanted(cfg: AuthConfig, client: TestClient, planted: string): Promise<Response> {
  const csrfToken = await client.csrfToken();
  return Auth(
    new Request("http://localhost:3000/auth/signout", {
      method: "POST",
      headers: {
        cookie: `${planted}; ${client.jar.header()}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ csrfToken }),
    }),
    cfg,
  );
}

function clearsSessionCookie(response: Response): boolean {
  return response.headers.getSetCookie().some((h) => h.startsWith(`${SESSION}=;`));
}

async function databaseConfig() {
  const adapter = MemoryAdapter();
  for (const user of Object.values(USERS)) await adapter.createUser!({ ...user, emailVerified: null });
  return { adapter, cfg: controlConfig({ adapter, session: { strategy: "database" } }) };
}

describe("sign-out with a planted duplicate session cookie", () => {
  it("database sessions: the row of the cookie the answer clears is deleted", async () => {
    const { adapter, cfg } = await databaseConfig();
    const laptop = await browser(cfg, "alice");
    const token = laptop.jar.get(SESSION)!;

    const response = await signOutWithPlanted(cfg, laptop, `${SESSION}=planted-by-sibling`);
    expect(response.status).toBe(302);
    expect(clearsSessionCookie(response)).toBe(true);
    expect(await adapter.getSessionAndUser!(token)).toBeNull();
  });

  it("database sessions: another user's session is untouched unless its own token is the planted copy", async () => {
    const { adapter, cfg } = await databaseConfig();
    const laptop = await browser(cfg, "alice");
    const bystander = await browser(cfg, "bob");
    const attacker = await browser(cfg, "bob");
    const planted = attacker.jar.get(SESSION)!;

    await signOutWithPlanted(cfg, laptop, `${SESSION}=${planted}`);
    expect(await adapter.getSessionAndUser!(laptop.jar.get(SESSION)!)).toBeNull();
    // The planter can only have ended the session whose token it planted: its own.
    expect(await adapter.getSessionAndUser!(planted)).toBeNull();
    expect(await adapter.getSessionAndUser!(bystander.jar.get(SESSION)!)).not.toBeNull();
  });

  it("revocable JWT sessions: the signed-out session leaves the device list", async () => {
    const cfg = controlConfig({ session: { strategy: "jwt", store: memorySessionStore() } });
    const laptop = await browser(cfg, "alice");
    const phone = await browser(cfg, "alice");
    expect(await listOf(phone)).toHaveLength(2);

    const response = await signOutWithPlanted(cfg, laptop, `${SESSION}=planted-by-sibling`);
    expect(response.status).toBe(302);
    expect(clearsSessionCookie(response)).toBe(true);
    expect(await listOf(phone)).toHaveLength(1);
  });

  it("revocable JWT sessions: a planted chunk beside the unchunked cookie does not keep the session listed", async () => {
    const cfg = controlConfig({ session: { strategy: "jwt", store: memorySessionStore() } });
    const laptop = await browser(cfg, "alice");
    const phone = await browser(cfg, "alice");
    const response = await signOutWithPlanted(cfg, laptop, `${SESSION}.0=planted-by-sibling`);
    expect(clearsSessionCookie(response)).toBe(true);
    expect(await listOf(phone)).toHaveLength(1);
  });
});
