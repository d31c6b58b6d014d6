/**
 * The codemod runs on a user's app and writes files back. It must never write outside
 * the folder (links), and must never damage a file it cannot read faithfully.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "@portcullis/migrate";
import { afterEach, describe, expect, it } from "vitest";

const made: string[] = [];
function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), "portcullis-migrate-rt-"));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("migrate and the files it cannot rewrite faithfully", () => {
  it("leaves a source that is not UTF-8 (a Latin-1 comment) byte for byte, and reports it", async () => {
    const app = temp();
    mkdirSync(join(app, "src"));
    // "Café" in Latin-1: 0xE9 alone is not valid UTF-8.
    const before = Buffer.concat([
      Buffer.from("// Caf"),
      Buffer.from([0xe9]),
      Buffer.from(' owner\nimport NextAuth from "next-auth"\nexport default NextAuth\n'),
    ]);
    writeFileSync(join(app, "src", "auth.js"), before);
    const report = await migrate(app);
    const after = readFileSync(join(app, "src", "auth.js"));
    expect(report.failed).toEqual([
      {
        file: join("src", "auth.js"),
        error: "not UTF-8, left unchanged: convert it to UTF-8 and run the codemod again",
      },
    ]);
    expect(after.equals(before)).toBe(true);
  });

  it("leaves the app's binary files (an icon, a SQLite database, an image) unread and unreported", async () => {
    const app = temp();
    mkdirSync(join(app, "app"));
    const binaries: Record<string, Buffer> = {
      // create-next-app ships one: an ICO header, then bytes that are not UTF-8.
      [join("app", "favicon.ico")]: Buffer.from([0, 0, 1, 0, 1, 0, 0x10, 0x10, 0xff, 0xfe, 0x80]),
      "data.db": Buffer.concat([Buffer.from("SQLite format 3\0"), Buffer.from([0xff, 0xc0, 0x80])]),
      "logo.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff]),
    };
    for (const [file, bytes] of Object.entries(binaries)) writeFileSync(join(app, file), bytes);
    writeFileSync(join(app, "auth.ts"), 'import NextAuth from "next-auth"\nexport default NextAuth\n');
    const report = await migrate(app);
    expect(report.failed).toEqual([]);
    expect(report.changed).toEqual(["auth.ts"]);
    for (const [file, bytes] of Object.entries(binaries)) {
      expect(readFileSync(join(app, file)).equals(bytes)).toBe(true);
    }
  });

  it("does not follow a link to a file or folder outside the app", async () => {
    const app = temp();
    const outside = temp();
    writeFileSync(join(outside, "victim.ts"), 'import NextAuth from "next-auth"\n');
    mkdirSync(join(outside, "dir"));
    writeFileSync(join(outside, "dir", "victim2.ts"), 'import NextAuth from "next-auth"\n');
    symlinkSync(join(outside, "victim.ts"), join(app, "linked.ts"));
    symlinkSync(join(outside, "dir"), join(app, "linked-dir"), "dir");
    await migrate(app);
    expect(readFileSync(join(outside, "victim.ts"), "utf8")).toContain('"next-auth"');
    expect(readFileSync(join(outside, "dir", "victim2.ts"), "utf8")).toContain('"next-auth"');
  });
});
