/** A session too large for one cookie is split into chunks and read back whole. */
import { describe, expect, it } from "vitest";
import { client, config, signIn } from "./helpers";

describe("session cookie chunking", () => {
  it("round-trips a session of more than 8 KB through numbered chunks", async () => {
    const bio = "x".repeat(9000);
    const c = client(
      config({
        callbacks: {
          jwt: ({ token }) => ({ ...token, bio }),
          session: ({ session, ...rest }) => ({
            ...session,
            bio: "token" in rest ? rest.token.bio : undefined,
          }),
        },
      }),
    );
    await signIn(c);
    const names = [...c.jar.cookies.keys()].filter((n) => n.startsWith("authjs.session-token")).sort();
    expect(names.length).toBeGreaterThanOrEqual(3);
    expect(names).toEqual(names.map((_, i) => `authjs.session-token.${i}`));
    for (const name of names) expect(c.jar.get(name)!.length).toBeLessThanOrEqual(3936);
    expect(await c.session()).toMatchObject({ bio });
  });

  it("clears chunks that a smaller session no longer needs", async () => {
    let bio = "x".repeat(9000);
    const c = client(config({ callbacks: { jwt: ({ token }) => ({ ...token, bio }) } }));
    await signIn(c);
    bio = "";
    await c.session();
    const names = [...c.jar.cookies.keys()].filter((n) => n.startsWith("authjs.session-token"));
    expect(names).toEqual(["authjs.session-token"]);
    expect(await c.session()).toMatchObject({ user: { name: "Alice" } });
  });

  it("clears every chunk at sign-out", async () => {
    const c = client(config({ callbacks: { jwt: ({ token }) => ({ ...token, bio: "y".repeat(9000) }) } }));
    await signIn(c);
    const csrfToken = await c.csrfToken();
    await c.post("/auth/signout", { form: { csrfToken } });
    expect([...c.jar.cookies.keys()].filter((n) => n.startsWith("authjs.session-token"))).toEqual([]);
  });
});
