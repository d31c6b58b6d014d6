/** Session-control test setup: two users, a controllable clock, browsers bound to one config. */
import { Auth, type AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { TestClient } from "@portcullis/testkit";
import { SECRET } from "../auth/helpers";

export const USERS: Record<string, { id: string; name: string; email: string }> = {
  alice: { id: "u-alice", name: "Alice", email: "alice@example.com" },
  bob: { id: "u-bob", name: "Bob", email: "bob@example.com" },
};

/** Accepts alice and bob with the password "pw". */
export const twoUsers = Credentials({
  credentials: { username: {}, password: {} },
  authorize: ({ username, password }) => (password === "pw" ? (USERS[String(username)] ?? null) : null),
});

/** A clock tests move by hand. */
export function clock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  return {
    now: () => now,
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}

/** A config with the two users, quiet logs, and the overrides. */
export function controlConfig(overrides: Partial<AuthConfig>): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    providers: [twoUsers],
    logger: { error: () => {}, warn: () => {} },
    ...overrides,
  };
}

/** A browser with a User-Agent of its own, signed in as `user`. */
export async function browser(
  config: AuthConfig,
  user: string,
  agent = `agent-${user}`,
): Promise<TestClient> {
  const client = new TestClient(
    (request) => {
      const headers = new Headers(request.headers);
      headers.set("user-agent", agent);
      return Auth(new Request(request, { headers }), config);
    },
    undefined,
    config.now,
  );
  const csrfToken = await client.csrfToken();
  const response = await client.post("/auth/callback/credentials", {
    form: { csrfToken, username: user, password: "pw" },
  });
  if (response.status !== 302 || !client.jar.get("authjs.session-token"))
    throw new Error(`${user} did not sign in`);
  return client;
}

/** POSTs a session-control operation with the browser's CSRF token. */
export async function control(client: TestClient, operation: string, form: Record<string, string> = {}) {
  const csrfToken = await client.csrfToken();
  return client.post(`/auth/sessions/${operation}`, { form: { csrfToken, ...form } });
}

/** The browser's session user's name, or null. */
export async function whoIs(client: TestClient): Promise<string | null> {
  const session = (await client.session()) as { user?: { name?: string } } | null;
  return session?.user?.name ?? null;
}
