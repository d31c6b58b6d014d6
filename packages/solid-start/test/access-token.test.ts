/**
 * getAccessToken(request, providerId, config): SolidStart's helper takes the request itself, so it
 * is called as an API route would call it, against the rotating OpenID Provider.
 */
import { RefreshTokenError } from "@portcullis/core";
import { getAccessToken, RefreshTokenError as Reexported } from "@portcullis/solid-start";
import { type AccessTokenFixture, accessTokenFixture, SESSION_COOKIE } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let fixture: AccessTokenFixture;
beforeAll(async () => {
  fixture = await accessTokenFixture();
});
afterAll(() => fixture.stop());

/** The request of an API route, carrying the session cookie. */
const requestWith = (cookie: string | undefined) =>
  new Request("http://127.0.0.1:3000/api/repos", {
    headers: cookie === undefined ? {} : { cookie: `${SESSION_COOKIE}=${cookie}` },
  });

describe("SolidStart: getAccessToken", () => {
  it("answers null when signed out", async () => {
    expect(await getAccessToken(requestWith(undefined), "idp", fixture.config)).toBeNull();
  });

  it("refreshes a token near expiry and answers the re-issued session cookie for the route's response", async () => {
    const cookie = await fixture.signIn();
    const first = await getAccessToken(requestWith(cookie), "idp", fixture.config);
    expect(first).toMatchObject({ accessToken: expect.any(String), tokenType: "bearer", cookies: [] });
    fixture.nearExpiry();
    const refreshed = await getAccessToken(requestWith(cookie), "idp", fixture.config);
    expect(refreshed!.accessToken).not.toBe(first!.accessToken);
    const reissued = refreshed!.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(reissued?.value).toEqual(expect.any(String));
    const again = await getAccessToken(requestWith(reissued!.value), "idp", fixture.config);
    expect(again).toMatchObject({ accessToken: refreshed!.accessToken, cookies: [] });
  });

  it("throws InvalidRequest for an unknown provider, and re-exports the core's RefreshTokenError to catch", async () => {
    const cookie = await fixture.signIn();
    await expect(getAccessToken(requestWith(cookie), "nope", fixture.config)).rejects.toMatchObject({
      type: "InvalidRequest",
    });
    expect(Reexported).toBe(RefreshTokenError);
  });
});
