/** `Auth(request, { ...config, raw })` answers with the internal result instead of a Response. */
import { Auth, raw } from "@portcullis/core";
import { describe, expect, it } from "vitest";
import { config } from "./helpers";

const ORIGIN = "http://localhost:3000";

describe("raw", () => {
  it("returns the body and the cookies to set as data, not a Response", async () => {
    const result = await Auth(new Request(`${ORIGIN}/auth/csrf`), { ...config(), raw });
    expect(result).not.toBeInstanceOf(Response);
    expect(result.status ?? 200).toBe(200);
    const body = result.body as { csrfToken: string };
    expect(body.csrfToken).toMatch(/^[0-9a-f]{64}$/);
    const csrf = result.cookies?.find((c) => c.name === "authjs.csrf-token");
    expect(csrf?.value).toMatch(new RegExp(`^${body.csrfToken}\\|[0-9a-f]{64}$`));
    expect(csrf?.options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/" });
  });

  it("returns a redirect as its URL, even when the client asks for redirects as JSON", async () => {
    const request = new Request(`${ORIGIN}/auth/signout`, { headers: { "X-Auth-Return-Redirect": "1" } });
    const result = await Auth(request, { ...config({ pages: { signOut: "/bye" } }), raw });
    expect(result.redirect).toBe(`${ORIGIN}/bye`);
    expect(result.body).toBeUndefined();
  });

  it("returns an error as the result it would answer with, instead of throwing it", async () => {
    const request = new Request(`${ORIGIN}/auth/signout`, { method: "POST" });
    const result = await Auth(request, { ...config(), raw });
    expect(result.redirect).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
  });

  it("still returns a Response without raw", async () => {
    const response = await Auth(new Request(`${ORIGIN}/auth/csrf`), config());
    expect(response).toBeInstanceOf(Response);
  });
});
