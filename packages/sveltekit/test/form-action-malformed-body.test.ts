/**
 * A body the signIn and signOut form actions cannot read as a form (a malformed or cut-off
 * multipart body, posted with the app's Origin so SvelteKit's check passes) is the client's
 * mistake: SvelteKit's 400, for plain and `use:enhance` submissions alike, never the 500 and
 * `handleError` report of an unexpected error. A body error that has its own status, adapter-node's
 * 413 for a body over BODY_SIZE_LIMIT, keeps it. Runs against the fixture app (adapter-node).
 */
import { useFixtureServer } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { buildFixture, startFixture } from "./helpers";

const app = useFixtureServer(buildFixture, (fixture) => startFixture(fixture));

const MULTIPART = "multipart/form-data; boundary=zz";
// The closing boundary is missing: undici cannot parse it as FormData.
const BROKEN_MULTIPART =
  '--zz\r\nContent-Disposition: form-data; name="providerId"\r\n\r\ncredentials\r\n--zz';

function postBroken(path: string, enhanced: boolean): Promise<Response> {
  return app()
    .client()
    .post(path, {
      body: BROKEN_MULTIPART,
      headers: {
        "content-type": MULTIPART,
        ...(enhanced
          ? { accept: "application/json", "x-sveltekit-action": "true" }
          : { accept: "text/html" }),
      },
    });
}

describe("a form action posted a body that is no form", () => {
  it("the signIn action answers 400", async () => {
    expect((await postBroken("/login", false)).status).toBe(400);
  });

  it("the signIn action answers an enhanced form 400", async () => {
    expect((await postBroken("/login", true)).status).toBe(400);
  });

  it("the signOut action answers 400", async () => {
    expect((await postBroken("/logout", false)).status).toBe(400);
  });

  it("a body over adapter-node's BODY_SIZE_LIMIT (512 kB) keeps its 413", async () => {
    const field = `--zz\r\nContent-Disposition: form-data; name="username"\r\n\r\n${"a".repeat(600_000)}\r\n--zz--\r\n`;
    const response = await app()
      .client()
      .post("/login", { body: field, headers: { "content-type": MULTIPART, accept: "text/html" } });
    expect(response.status).toBe(413);
  });
});
