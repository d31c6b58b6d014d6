/** Each simulated browser keeps its cookies as a browser does, so it sends back what it was last given. */
import { describe, expect, it } from "vitest";
import { BrowserJars } from "../src/load/browser-jars";

describe("BrowserJars", () => {
  it("sends each user's own starting cookies", () => {
    const jars = new BrowserJars(["s=one", "s=two; other=x"]);
    expect(jars.size).toBe(2);
    expect(jars.cookieOf(0)).toBe("s=one");
    expect(jars.cookieOf(1)).toBe("s=two; other=x");
  });

  it("replaces a cookie with the one a response sets, keeps the others and adds new ones", () => {
    const jars = new BrowserJars(["s=old; other=x"]);
    jars.store(0, ["s=new; Path=/; HttpOnly; SameSite=Lax", "csrf=abc%7Cdef; Path=/"]);
    expect(jars.cookieOf(0)).toBe("s=new; other=x; csrf=abc%7Cdef");
  });

  it("drops a cookie a response clears, and leaves the other users' jars alone", () => {
    const jars = new BrowserJars(["s=one; other=x", "s=two"]);
    jars.store(0, ["s=; Path=/; Max-Age=0"]);
    expect(jars.cookieOf(0)).toBe("other=x");
    expect(jars.cookieOf(1)).toBe("s=two");
  });
});
