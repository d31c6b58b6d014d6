/**
 * A visitor's session cookie reaches the SQL adapter's session lookup on every request with
 * database sessions. A cookie holding what PostgreSQL's text type cannot hold (a NUL) is answered
 * as an unknown token is, on a read and on a sign-out: nothing logged as an error (an error per
 * request is an alert any visitor can raise at will), the cookie cleared as for any stale token.
 * MariaDB takes the same values as unknown tokens on its own.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import { TestClient } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshDatabase, type TestDatabase } from "./databases";

const COOKIE = "authjs.session-token";
// A NUL: PostgreSQL text refuses it. (MariaDB answers these as unknown tokens already.)
const HOSTILE = ["abc%00def", "%00"];

for (const [name, url] of [
  ["PostgreSQL", () => inject("postgresUrl")],
  ["MariaDB", () => inject("mariadbUrl")],
] as const) {
  describe(`hostile session cookies on ${name}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = freshDatabase(url());
      await database.create();
      await migrate(database.db);
    }, 60_000);
    afterAll(() => database?.close());

    const config = (errors: unknown[]): AuthConfig => ({
      secret: "test-secret-with-at-least-thirty-two-chars",
      trustHost: true,
      adapter: SqlAdapter(database.db),
      session: { strategy: "database" },
      logger: { error: (error) => errors.push(error), warn: () => {}, debug: () => {} },
      providers: [Credentials({ credentials: { username: {} }, authorize: async () => null })],
    });

    for (const value of HOSTILE) {
      it(`answers no session for ${JSON.stringify(value.slice(0, 24))} like an unknown token, logging no error`, async () => {
        const errors: unknown[] = [];
        const cfg = config(errors);
        const unknown = new TestClient((request) => Auth(request, cfg));
        unknown.jar.set(COOKIE, "0123456789abcdef");
        const reference = await unknown.get("/auth/session");
        const client = new TestClient((request) => Auth(request, cfg));
        client.jar.set(COOKIE, value);
        const response = await client.get("/auth/session");
        expect(response.status).toBe(200);
        expect(await response.json()).toBeNull();
        expect(
          errors.map((e) => `${(e as Error).name}: ${(e as Error).message} <- ${String((e as Error).cause)}`),
        ).toEqual([]);
        expect(response.headers.getSetCookie().some((c) => c.startsWith(`${COOKIE}=;`))).toBe(
          reference.headers.getSetCookie().some((c) => c.startsWith(`${COOKIE}=;`)),
        );
      });

      it(`signs a ${JSON.stringify(value.slice(0, 24))} cookie out quietly`, async () => {
        const errors: unknown[] = [];
        const cfg = config(errors);
        const client = new TestClient((request) => Auth(request, cfg));
        const csrfToken = await client.csrfToken();
        client.jar.set(COOKIE, value);
        const response = await client.post("/auth/signout", { form: { csrfToken } });
        expect(response.status).toBe(302);
        expect(response.headers.getSetCookie().some((c) => c.startsWith(`${COOKIE}=;`))).toBe(true);
        expect(errors).toEqual([]);
      });
    }
  });
}
