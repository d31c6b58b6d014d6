/**
 * A passkey is added only to a live session. With JWT sessions in a session store, a session
 * signed out or revoked a moment ago (well within `revalidateAfter`) must not add one through a
 * copy of its cookie: the passkey would sign the copier in as the victim for good, whatever the
 * victim revokes afterwards. Registration asks the store now, as listing and revoking do.
 */
import { type AuthConfig, memorySessionStore } from "@portcullis/core";
import type { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { options, otherBrowser, register, setup } from "./helpers";

/** A second browser holding a copy of the client's session cookie, as a thief would. */
function withCopiedCookie(client: TestClient): TestClient {
  const copy = otherBrowser(client);
  copy.jar.set("authjs.session-token", client.jar.get("authjs.session-token")!);
  return copy;
}

/** Ada, signed up with a passkey on a clock the test moves, and a copy of her session cookie. */
async function adaAndACopy(session: AuthConfig["session"]) {
  let now = Date.UTC(2026, 0, 1, 12);
  const app = setup({ now: () => now, session });
  await register(app.client, app.authenticator, "ada@example.com");
  const ada = (await app.adapter.getUserByEmail!("ada@example.com"))!;
  const advance = (ms: number): void => {
    now += ms;
  };
  return { ...app, ada, advance, thief: withCopiedCookie(app.client) };
}

const revocations = [
  ["signing out", "/auth/signout", 302],
  ["signing out everywhere", "/auth/sessions/revoke-all", 200],
] as const;

describe.each(revocations)(
  "registering a passkey with a JWT session revoked by %s",
  (_name, path, status) => {
    it("is refused at once through a copy of the cookie: no options, no challenge, no passkey", async () => {
      const { client, adapter, ada, thief } = await adaAndACopy({
        strategy: "jwt",
        store: memorySessionStore(),
      });
      const csrfToken = await client.csrfToken();
      expect((await client.post(path, { form: { csrfToken } })).status).toBe(status);

      const { response, body } = await options(thief, { action: "register" });
      expect(response.status).toBe(400);
      expect(body).toEqual({ error: "Invalid request" });
      expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.challenge="))).toBe(false);
      expect(await adapter.listAuthenticatorsByUserId!(ada.id)).toHaveLength(1);
    });
  },
);

describe("registering a passkey while the session store does not answer", () => {
  it('is refused, even with storeUnavailable: "trust-token", which keeps the session readable', async () => {
    const store = memorySessionStore();
    const { client, advance } = await adaAndACopy({
      strategy: "jwt",
      store,
      storeUnavailable: "trust-token",
    });
    store.get = () => {
      throw new Error("store down");
    };
    // Past revalidateAfter, so the read asks the store too (and, down, trusts the token).
    advance(61_000);
    const session = (await client.session()) as { user?: { email?: string } } | null;
    expect(session?.user?.email).toBe("ada@example.com");
    const { response, body } = await options(client, { action: "register" });
    expect(response.status).toBe(400);
    expect(body).toEqual({ error: "Invalid request" });
  });
});
