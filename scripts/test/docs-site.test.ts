/**
 * `npm run docs` builds a site a reader can use: a page for every public package and every guide,
 * links and anchors that all lead somewhere, a search that finds headings, code samples shown as
 * text, and a build that fails, naming the link, when the Markdown links to a page that is not there.
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrokenLinksError, type BuiltSite, buildSite, type SearchEntry } from "../docs/build-site";

const root = fileURLToPath(new URL("../..", import.meta.url));
const temps: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

/** Writes a small repository of Markdown files (path → content) into a temp dir. */
function fixture(files: Record<string, string>): string {
  const dir = tempDir("portcullis-docs-fixture-");
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".html"))
    .map((file) => file.split("\\").join("/"))
    .sort();
}

afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

describe("the repository's docs site", () => {
  let out: string;
  let site: BuiltSite;

  beforeAll(() => {
    out = tempDir("portcullis-docs-site-");
    site = buildSite(root, out);
  });

  it("has the home page, a page per public package and a page per guide", () => {
    const packages = readdirSync(join(root, "packages")).filter((name) => {
      const manifest = join(root, "packages", name, "package.json");
      return existsSync(manifest) && !JSON.parse(readFileSync(manifest, "utf8")).private;
    });
    const guides = readdirSync(join(root, "docs")).filter((file) => file.endsWith(".md"));
    expect(packages).toContain("core");
    expect(guides).toContain("moving-from-authjs.md");
    const expected = [
      "index.html",
      "examples/demo.html",
      ...packages.map((name) => `packages/${name}.html`),
      ...guides.map((file) => `guides/${file.replace(/\.md$/, ".html")}`),
    ];
    expect(expected.filter((page) => !existsSync(join(out, page)))).toEqual([]);
    // The private testkit has no page.
    expect(existsSync(join(out, "packages/testkit.html"))).toBe(false);
  });

  it("lists every page in every page's sidebar", () => {
    const core = readFileSync(join(out, "packages/core.html"), "utf8");
    for (const page of site.pages) expect(core).toContain(`>${page.title.replace(/&/g, "&amp;")}</a>`);
  });

  it("has no link to a missing page or heading", () => {
    const broken: string[] = [];
    const ids = new Map<string, Set<string>>();
    const idsOf = (file: string) => {
      let found = ids.get(file);
      if (!found) {
        const html = readFileSync(join(out, file), "utf8");
        found = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1] ?? ""));
        ids.set(file, found);
      }
      return found;
    };
    for (const file of htmlFiles(out)) {
      const html = readFileSync(join(out, file), "utf8");
      for (const [, href = ""] of html.matchAll(/ href="([^"]*)"/g)) {
        if (/^(https?|mailto):/.test(href)) continue;
        const [path = "", fragment] = href.replace(/&amp;/g, "&").split("#");
        const target = path === "" ? file : posix.normalize(posix.join(posix.dirname(file), path));
        if (!existsSync(join(out, target))) broken.push(`${file}: ${href}`);
        else if (fragment && !idsOf(target).has(decodeURIComponent(fragment)))
          broken.push(`${file}: ${href}`);
      }
    }
    expect(broken).toEqual([]);
    // The check above saw the links between packages that the READMEs write as relative paths.
    expect(readFileSync(join(out, "index.html"), "utf8")).toContain(
      'href="packages/core.html#security-the-trust-rules"',
    );
  });

  it("indexes headings for the search, in JSON and as the script the pages load", () => {
    const json: SearchEntry[] = JSON.parse(readFileSync(join(out, "search-index.json"), "utf8"));
    expect(json).toEqual(site.index);
    expect(json).toContainEqual(
      expect.objectContaining({
        page: "@portcullis/core",
        heading: "Security: the trust rules",
        url: "packages/core.html#security-the-trust-rules",
      }),
    );
    const script = readFileSync(join(out, "search-index.js"), "utf8");
    expect(script).toBe(`globalThis.portcullisSearchIndex = ${JSON.stringify(json)};\n`);
  });

  it("carries no inline script, style or event handler, so its policy can forbid them", () => {
    for (const file of htmlFiles(out)) {
      const html = readFileSync(join(out, file), "utf8");
      expect([...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])).toEqual([
        expect.stringMatching(/^<script src="[./]*search-index\.js" defer>$/),
        expect.stringMatching(/^<script src="[./]*search\.js" defer>$/),
      ]);
      expect(html).not.toMatch(/<[^>]+\s(on[a-z]+|style)=/i);
    }
  });

  it("finds a heading from the search box of a page opened in Chromium, without a policy violation", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(String(error)));
      await page.goto(`file://${join(out, "guides/moving-from-authjs.html")}`);
      await page.fill("#search", "trust rules");
      const result = page.locator("#search-results a", { hasText: "Security: the trust rules" });
      await result.first().click();
      await page.waitForURL(/packages\/core\.html#security-the-trust-rules$/);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe("building a site", () => {
  it("shows a code sample's markup as text", () => {
    const dir = fixture({
      "README.md": "# Home\n\n```html\n<script>alert(1)</script>\n```\n\nInline `<script>x</script>` too.\n",
    });
    const out = join(tempDir("portcullis-docs-out-"), "site");
    buildSite(dir, out);
    const html = readFileSync(join(out, "index.html"), "utf8");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("<code>&lt;script&gt;x&lt;/script&gt;</code>");
    expect(html).not.toContain("<script>alert");
  });

  it("rewrites links between READMEs into links between pages, anchors kept", () => {
    const dir = fixture({
      "README.md": "# Home\n\n[a](packages/a/README.md#usage), [guide](docs/guide.md), [self](#home)\n",
      "packages/a/package.json": '{ "name": "@x/a" }',
      "packages/a/README.md":
        "# @x/a\n\n## Usage\n\n[back](../../README.md) [guide](../../docs/guide.md#step)\n",
      "docs/guide.md": "# Guide\n\n## Step\n\n[a](../packages/a/README.md)\n",
    });
    const out = join(tempDir("portcullis-docs-out-"), "site");
    buildSite(dir, out);
    expect(readFileSync(join(out, "index.html"), "utf8")).toContain(
      '<a href="packages/a.html#usage">a</a>, <a href="guides/guide.html">guide</a>, <a href="#home">self</a>',
    );
    expect(readFileSync(join(out, "packages/a.html"), "utf8")).toContain(
      '<a href="../index.html">back</a> <a href="../guides/guide.html#step">guide</a>',
    );
  });

  it.each([
    ["a link to a README that does not exist", "[gone](packages/gone/README.md)", "packages/gone/README.md"],
    ["a link to a guide that does not exist", "[gone](docs/gone.md)", "docs/gone.md"],
    ["a link to a heading a page does not have", "[a](packages/a/README.md#nowhere)", "#nowhere"],
    ["a link to a heading of its own page that does not exist", "[x](#nowhere)", "#nowhere"],
    ["a javascript: link", "[x](javascript:alert(1))", "javascript:alert(1)"],
  ])("fails on %s, naming it, and writes nothing", (_, link, named) => {
    const dir = fixture({
      "README.md": `# Home\n\n${link}\n`,
      "packages/a/package.json": '{ "name": "@x/a" }',
      "packages/a/README.md": "# @x/a\n",
    });
    const out = join(tempDir("portcullis-docs-out-"), "site");
    let error: unknown;
    try {
      buildSite(dir, out);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BrokenLinksError);
    expect((error as BrokenLinksError).links).toEqual([expect.stringContaining(named)]);
    expect(existsSync(out)).toBe(false);
  });

  it("keeps the text of a link to a repository file that has no page", () => {
    const dir = fixture({
      "README.md": "# Home\n\n[the testkit](packages/kit/README.md)\n",
      "packages/kit/package.json": '{ "name": "@x/kit", "private": true }',
      "packages/kit/README.md": "# kit\n",
    });
    const out = join(tempDir("portcullis-docs-out-"), "site");
    buildSite(dir, out);
    expect(readFileSync(join(out, "index.html"), "utf8")).toContain("<p>the testkit</p>");
  });

  it("as `npm run docs -- <dir>`, builds this repository's site into that folder", () => {
    const out = join(tempDir("portcullis-docs-cli-"), "site");
    const tsx = join(root, "node_modules/.bin/tsx");
    const result = spawnSync(tsx, [join(root, "scripts/docs/build-site.ts"), out], { encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`pages in ${out}`);
    expect(existsSync(join(out, "packages/core.html"))).toBe(true);
  });

  it("as `npm run docs`, exits non-zero and prints the broken link", () => {
    const dir = fixture({ "README.md": "# Home\n\n[gone](docs/gone.md)\n" });
    const script = join(root, "scripts/docs/build-site.ts");
    const tsx = join(root, "node_modules/.bin/tsx");
    const result = spawnSync(tsx, [script, join(dir, "site"), "--root", dir], { encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("README.md: docs/gone.md (no such file: docs/gone.md)");
    expect(existsSync(join(dir, "site"))).toBe(false);
  });
});
