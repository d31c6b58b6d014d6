/** The demo's settings and pages, without a server: what `PORT=` means, what the home page confirms. */
import { describe, expect, it } from "vitest";
import { homePage } from "../src/pages";
import { demoSettings } from "../src/settings";

describe("demo settings", () => {
  it("treat PORT set but empty (PORT= npm start) as unset: the default port, not a random one", () => {
    expect(demoSettings({ PORT: "" }).port).toBe(3000);
    expect(demoSettings({ PORT: " " }).port).toBe(3000);
    expect(demoSettings({}).port).toBe(3000);
    expect(demoSettings({ PORT: "4000" }).port).toBe(4000);
  });

  it("still refuse a PORT that is not a port number", () => {
    expect(() => demoSettings({ PORT: "http" })).toThrow(/PORT=http is not a port number/);
  });
});

describe("the signed-out home page", () => {
  it("confirms how many sessions 'Sign out everywhere' signed out (it lands there signed out)", () => {
    expect(homePage(null, { sessions: [], revoked: 1 })).toContain("Signed out 1 session.");
    expect(homePage(null, { sessions: [], revoked: 3 })).toContain("Signed out 3 sessions.");
    expect(homePage(null)).not.toContain("Signed out");
  });
});
