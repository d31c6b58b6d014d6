/** Shared setup of the HTTP-level tests: a credentials config and a client bound to Auth. */
import { Auth, type AuthConfig, type LoggerInstance } from "@portcullis/core";
import { CredentialsSignin } from "@portcullis/core/errors";
import Credentials from "@portcullis/core/providers/credentials";
import { TestClient } from "@portcullis/testkit";

export const SECRET = "test-secret-with-at-least-thirty-two-chars";

/** Rejects with a code of its own, so tests can see `code` travel to the URL. */
export class WrongPin extends CredentialsSignin {
  override code = "wrong_pin";
}

/** A credentials provider accepting alice/wonderland; "pin" of 0000 rejects with a custom code. */
export const credentials = Credentials({
  credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
  authorize: async (input) => {
    if (input.pin === "0000") throw new WrongPin();
    if (input.username === "alice" && input.password === "wonderland") {
      return { id: "u1", name: "Alice", email: "alice@example.com", image: "https://example.com/a.png" };
    }
    return null;
  },
});

/** A fresh config (a new object, so nothing is shared through the per-config cache). */
export function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return { secret: SECRET, trustHost: true, providers: [credentials], ...overrides };
}

/** A browser-like client talking to Auth with the given config. */
export function client(cfg: AuthConfig = config(), origin?: string): TestClient {
  return new TestClient((request) => Auth(request, cfg), origin, cfg.now);
}

/** Signs in as alice through the credentials callback; returns the response. */
export async function signIn(c: TestClient, fields: Record<string, string> = {}): Promise<Response> {
  const csrfToken = await c.csrfToken();
  return c.post("/auth/callback/credentials", {
    form: { csrfToken, username: "alice", password: "wonderland", callbackUrl: "/dashboard", ...fields },
  });
}

/** A logger that keeps what it is given: errors, warning codes and debug messages. */
export function recordingLogger() {
  const log = { errors: [] as Error[], warnings: [] as string[], debug: [] as string[] };
  const logger: LoggerInstance = {
    error: (e) => void log.errors.push(e),
    warn: (code) => void log.warnings.push(code),
    debug: (message) => void log.debug.push(message),
  };
  return { log, logger };
}
