/**
 * `session.absoluteMaxAge` and what the JWT itself says: the token's `exp` never lies past the
 * session's absolute end (its `auth_time` plus absoluteMaxAge), as the cookie's `Expires` does
 * not. `getToken` and `decode` check nothing but the token, so a copy of the cookie taken while
 * the session was live (the stolen cookie the absolute lifetime is for) opens an API or a
 * middleware guarded by them no longer than it opens the auth routes.
 */
import { Auth } from "@portcullis/core";
import { decode, getToken } from "@portcullis/core/jwt";
import { describe, expect, it } from "vitest";
import { SECRET } from "../auth/helpers";
import { browser, clock, controlConfig, whoIs } from "./helpers";

const HOUR = 3600;
const COOKIE = "authjs.session-token";

/** Signed in two hours ago by real time: getToken checks `exp` against Date.now(). */
function setup() {
  const time = clock(Date.now() - 2 * HOUR * 1000);
  const config = controlConfig({
    now: time.now,
    session: { strategy: "jwt", absoluteMaxAge: HOUR, updateAge: 0 },
  });
  return { config, time };
}

/** The claims of a session cookie's value at `now`. */
function claimsOf(token: string, now: number) {
  return decode({ token, secret: SECRET, salt: COOKIE, now });
}

describe("a JWT session's token ends at the session's absolute end", () => {
  it("getToken and decode refuse a cookie copied while live, once the absolute end has passed", async () => {
    const { config, time } = setup();
    const laptop = await browser(config, "alice");
    // 50 minutes in, the session is live and its cookie is copied.
    time.advance(50 * 60);
    expect(await whoIs(laptop)).toBe("Alice");
    const copied = laptop.jar.get(COOKIE)!;

    // Now: two hours after sign-in, an hour past the absolute end.
    time.advance(70 * 60);
    const headers = { cookie: `${COOKIE}=${copied}` };
    const route = await Auth(new Request("http://localhost:3000/auth/session", { headers }), config);
    expect(await route.json()).toBeNull();
    const req = new Request("http://localhost:3000/api/me", { headers });
    expect(await claimsOf(copied, time.now())).toBeNull();
    expect(await getToken({ req, secret: SECRET, secureCookie: false })).toBeNull();
  });

  it("issues exp = auth_time + absoluteMaxAge once that comes before iat + maxAge, as the cookie's Expires", async () => {
    const { config, time } = setup();
    const laptop = await browser(config, "alice");
    time.advance(20 * 60);
    const response = await laptop.get("/auth/session");
    const claims = await claimsOf(laptop.jar.get(COOKIE)!, time.now());
    expect(claims?.exp).toBe((claims!.auth_time as number) + HOUR);
    expect(claims?.iat).toBe(Math.floor(time.now() / 1000));
    const expires = /Expires=([^;]+)/i.exec(response.headers.get("set-cookie") ?? "")?.[1];
    expect(new Date(expires!).getTime()).toBe(claims!.exp! * 1000);
  });

  it("keeps exp = iat + maxAge while the absolute end lies further ahead", async () => {
    const time = clock();
    const config = controlConfig({
      now: time.now,
      session: { strategy: "jwt", maxAge: 600, absoluteMaxAge: HOUR },
    });
    const laptop = await browser(config, "alice");
    const claims = await claimsOf(laptop.jar.get(COOKIE)!, time.now());
    expect(claims?.exp).toBe(claims!.iat! + 600);
  });
});
