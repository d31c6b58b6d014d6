/**
 * Signing out of a chunked revocable JWT session that a chunk planted by a sibling subdomain made
 * unreadable (a second copy of the user's last chunk, or one more chunk after it) still removes
 * the session from the store: the device list no longer shows it, and a copy of the token (the
 * reason to sign out) stops working. Only a run that decodes is ended.
 */
import { Auth, type AuthConfig, memorySessionStore } from "@portcullis/core";
import { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { controlConfig, listOf } from "../sessions/helpers";

const SESSION = "authjs.session-token";

/** Signs `user` in through credentials on a plain browser (the helper expects an unchunked cookie). */
async function signIn(cfg: AuthConfig, user: string, agent: string): Promise<TestClient> {
  const client = new TestClient((request) => {
    const headers = new Headers(request.headers);
    headers.set("user-agent", agent);
    return Auth(new Request(request, { headers }), cfg);
  });
  const csrfToken = await client.csrfToken();
  await client.post("/auth/callback/credentials", { form: { csrfToken, username: user, password: "pw" } });
  return client;
}

/** Posts a sign-out from `client` with `planted` added to its cookies; answers the response. */
async function signOutWith(cfg: AuthConfig, client: TestClient, planted: string): Promise<Response> {
  const csrfToken = await client.csrfToken();
  return Auth(
    new Request("http://localhost:3000/auth/signout", {
      method: "POST",
      headers: {
        cookie: `${client.jar.header()}; ${planted}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ csrfToken }),
    }),
    cfg,
  );
}

describe("sign-out of a chunked revocable JWT session with a planted chunk", () => {
  const chunked = () =>
    controlConfig({
      session: { strategy: "jwt", store: memorySessionStore() },
      // A token over two cookies' size, as a session holding an upstream token or roles does.
      callbacks: { jwt: ({ token }) => ({ ...token, profile: "p".repeat(6000) }) },
    });

  it.each([
    ["a second copy of the user's last chunk", `${SESSION}.2=planted-by-sibling`],
    ["one more chunk after the user's last", `${SESSION}.3=planted-by-sibling`],
  ])("still removes the session from the store with %s", async (_name, planted) => {
    const cfg = chunked();
    const laptop = await signIn(cfg, "alice", "laptop");
    expect(laptop.jar.get(`${SESSION}.2`)).toBeDefined();
    const phone = await signIn(cfg, "alice", "phone");
    expect(await listOf(phone)).toHaveLength(2);
    const response = await signOutWith(cfg, laptop, planted);
    expect(response.status).toBe(302);
    // The laptop's own chunks are cleared in the browser, and its session is gone from the store.
    expect(response.headers.getSetCookie().some((h) => h.startsWith(`${SESSION}.0=;`))).toBe(true);
    expect(await listOf(phone)).toHaveLength(1);
  });

  it("ends nothing for a run that does not decode", async () => {
    const cfg = chunked();
    const laptop = await signIn(cfg, "alice", "laptop");
    const phone = await signIn(cfg, "alice", "phone");
    laptop.jar.set(`${SESSION}.1`, "tampered");
    await signOutWith(cfg, laptop, `${SESSION}.3=planted-by-sibling`);
    expect(await listOf(phone)).toHaveLength(2);
  });
});
