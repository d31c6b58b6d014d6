/**
 * The credentials limit's fold, on its own: the spellings a case- and accent-insensitive lookup
 * finds one account under count as one, and padding cannot make fresh counts. The databases'
 * own verdicts are screened in sql-adapter/test/credentials-fold-screen.test.ts.
 */
import { describe, expect, it } from "vitest";
import { foldedIdentifier } from "../../src/flows/credentials-fold";

describe("foldedIdentifier", () => {
  it.each([
    ["Alice", "alice"],
    [" alice ", "alice"],
    ["ａｌｉｃｅ", "alice"],
    ["alicé", "alice"],
    ["ali\u200Bce", "alice"],
    ["ali\u0640\u0640ce", "alice"],
    ["\u{1F150}lice", "alice"],
    ["ałice", "alice"],
    ["ælice", "aelice"],
    ["RUẞ", "russ"],
    ["bob\u0661", "bob1"],
    ["bob\u24EB", "bob11"],
    ["a.lice", "alice"],
    ["алиса", "алиса"],
  ])("%j counts as %j", (spelling, folded) => {
    expect(foldedIdentifier(spelling)).toBe(folded);
  });

  it("gives padding a name's own count or one shared by every over-long identifier, never a fresh one", () => {
    const email = "alice.smith@example.com";
    const counts = new Set<string>();
    for (let pad = 0; pad <= 2000; pad += 7) counts.add(foldedIdentifier("\u200B".repeat(pad) + email));
    expect(counts.size).toBe(2);
    expect(counts).toContain(foldedIdentifier(email));
    expect(counts).toContain(foldedIdentifier("x".repeat(5000)));
  });
});
