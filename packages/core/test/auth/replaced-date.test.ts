/**
 * Apps test their own code with fake clocks, which replace the global Date (often with a
 * subclass). Dates the core made before that must still serialise: a cookie deletion that throws
 * would turn every sign-out into a 500.
 */
import { afterEach, expect, it } from "vitest";
import { client, config, signIn } from "./helpers";

const RealDate = Date;
afterEach(() => {
  globalThis.Date = RealDate;
});

it.each([
  ["a subclass", class FakeDate extends RealDate {}],
  [
    "a function with the real prototype",
    Object.assign(function FakeDate() {}, { prototype: RealDate.prototype }),
  ],
])("signs out and clears the session cookie while the global Date is %s", async (_case, Fake) => {
  const browser = client(config());
  await signIn(browser);
  globalThis.Date = Fake as unknown as DateConstructor;
  const csrfToken = await browser.csrfToken();
  const response = await browser.post("/auth/signout", { form: { csrfToken } });
  expect(response.status).toBe(302);
  expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token=;"))).toBe(true);
  expect(browser.jar.get("authjs.session-token")).toBeUndefined();
});
