/**
 * `npm run docs [-- <dir>]`: builds the documentation site, static HTML, from the repository's
 * Markdown into `docs-site/` (or the given folder): the root README as the home page, one page per
 * public package, per guide of docs/, per example and for the bench, with a sidebar and a search
 * box. Links between the Markdown files become links between pages; a link to a file that does
 * not exist, or to a heading a page does not have, fails the build with every such link listed.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, posix, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { escapeHtml, markdownToHtml, type Section } from "./markdown";

/** One page of the site. */
export interface Page {
  /** The Markdown file, relative to the repository root, with forward slashes. */
  source: string;
  /** The HTML file, relative to the output folder. */
  output: string;
  /** The name in the sidebar. */
  title: string;
  /** The sidebar group it is listed under. */
  group: "Overview" | "Guides" | "Packages" | "Examples";
}

/** What {@link buildSite} wrote. */
export interface BuiltSite {
  pages: Page[];
  /** The search index's entries, as written to `search-index.json`. */
  index: SearchEntry[];
}

/** One entry of the search index: a section of a page. */
export interface SearchEntry {
  /** The page's title. */
  page: string;
  /** The section's heading (empty for the text before a page's first heading). */
  heading: string;
  /** Where the section starts, relative to the output folder (`guides/security.html#csrf`). */
  url: string;
  /** The section's text, cut to a few hundred characters. */
  text: string;
}

/** Thrown when the Markdown links to files or headings that do not exist. */
export class BrokenLinksError extends Error {
  constructor(readonly links: string[]) {
    super(`broken links in the docs:\n  ${links.join("\n  ")}`);
    this.name = "BrokenLinksError";
  }
}

const SEARCH_TEXT_LENGTH = 400;
const ASSETS = fileURLToPath(new URL(".", import.meta.url));

function readJson(file: string): { name?: string; private?: boolean } {
  return JSON.parse(readFileSync(file, "utf8"));
}

function folders(root: string, dir: string): string[] {
  const path = join(root, dir);
  if (!existsSync(path)) return [];
  return readdirSync(path)
    .filter((name) => statSync(join(path, name)).isDirectory())
    .sort();
}

function firstHeading(markdown: string): string | undefined {
  return /^#\s+(.+?)\s*$/m.exec(markdown)?.[1];
}

/**
 * The pages of the repository at `root`: the root README, the README of every package whose
 * package.json is not private, every Markdown file of docs/, the README of every example, and the
 * bench's README.
 *
 * @example
 * ```ts
 * for (const page of sitePages(process.cwd())) console.log(page.source, "->", page.output)
 * ```
 */
export function sitePages(root: string): Page[] {
  const pages: Page[] = [
    { source: "README.md", output: "index.html", title: "Portcullis", group: "Overview" },
  ];
  const docs = existsSync(join(root, "docs")) ? readdirSync(join(root, "docs")) : [];
  for (const file of docs.filter((name) => name.endsWith(".md")).sort()) {
    const source = `docs/${file}`;
    const title = firstHeading(readFileSync(join(root, source), "utf8")) ?? file.replace(/\.md$/, "");
    pages.push({ source, output: `guides/${file.replace(/\.md$/, ".html")}`, title, group: "Guides" });
  }
  for (const name of folders(root, "packages")) {
    const readme = `packages/${name}/README.md`;
    const manifest = join(root, "packages", name, "package.json");
    if (!existsSync(join(root, readme)) || !existsSync(manifest)) continue;
    const { name: packageName, private: isPrivate } = readJson(manifest);
    if (isPrivate) continue;
    pages.push({
      source: readme,
      output: `packages/${name}.html`,
      title: packageName ?? name,
      group: "Packages",
    });
  }
  for (const name of folders(root, "examples")) {
    const readme = `examples/${name}/README.md`;
    if (!existsSync(join(root, readme))) continue;
    pages.push({
      source: readme,
      output: `examples/${name}.html`,
      title: `examples/${name}`,
      group: "Examples",
    });
  }
  if (existsSync(join(root, "bench", "README.md")))
    pages.push({ source: "bench/README.md", output: "bench.html", title: "bench", group: "Examples" });
  return pages;
}

/** A link's target as a path relative to the repository root, or `undefined` for an outside URL. */
function repositoryPath(page: Page, target: string): { path: string; fragment: string } | undefined {
  if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith("//")) return undefined;
  const hash = target.indexOf("#");
  const path = hash === -1 ? target : target.slice(0, hash);
  const fragment = hash === -1 ? "" : decodeURIComponent(target.slice(hash + 1));
  if (path === "") return { path: page.source, fragment };
  const resolved = posix.normalize(posix.join(posix.dirname(page.source), decodeURI(path)));
  return { path: resolved.replace(/\/$/, ""), fragment };
}

const ALLOWED_SCHEMES = /^(https?|mailto):/i;

function sidebar(pages: Page[], current: Page): string {
  const groups = [...new Set(pages.map((page) => page.group))];
  return groups
    .map((group) => {
      const links = pages
        .filter((page) => page.group === group)
        .map((page) => {
          const href = posix.relative(posix.dirname(current.output), page.output);
          const attribute = page === current ? ' aria-current="page"' : "";
          return `<li><a href="${escapeHtml(href)}"${attribute}>${escapeHtml(page.title)}</a></li>`;
        });
      return `<h2>${escapeHtml(group)}</h2>\n<ul>\n${links.join("\n")}\n</ul>`;
    })
    .join("\n");
}

function layout(pages: Page[], page: Page, body: string): string {
  const up = posix.relative(posix.dirname(page.output), ".") || ".";
  const asset = (name: string) => escapeHtml(`${up}/${name}`);
  // Scripts and styles come only from files of the site, so a strict policy holds: no inline
  // script or style, and no event-handler attribute anywhere.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'">
<title>${escapeHtml(page.title === "Portcullis" ? "Portcullis" : `${page.title} · Portcullis`)}</title>
<link rel="stylesheet" href="${asset("site.css")}">
<script src="${asset("search-index.js")}" defer></script>
<script src="${asset("search.js")}" defer></script>
</head>
<body>
<nav class="sidebar" data-root="${asset("")}">
<a class="home" href="${asset("index.html")}">Portcullis</a>
<input type="search" id="search" placeholder="Search the docs" aria-label="Search the docs" autocomplete="off">
<ol id="search-results" hidden></ol>
${sidebar(pages, page)}
</nav>
<main>
${body}
</main>
</body>
</html>
`;
}

function searchEntries(page: Page, sections: Section[]): SearchEntry[] {
  return sections.map((section) => ({
    page: page.title,
    heading: section.heading.text,
    url: section.heading.id ? `${page.output}#${section.heading.id}` : page.output,
    text: section.text.slice(0, SEARCH_TEXT_LENGTH),
  }));
}

/**
 * Builds the site of the repository at `root` into `out` (emptied first) and answers its pages and
 * search index. Throws a {@link BrokenLinksError} listing every link to a missing file or heading.
 *
 * A link to a file of the repository that is not a page (a private package's README, a source
 * file) keeps its text and loses its link: the site has nothing to show there.
 *
 * @example
 * ```ts
 * const { pages } = buildSite(process.cwd(), "/tmp/docs-site")
 * console.log(`${pages.length} pages`)
 * ```
 */
export function buildSite(root: string, out: string): BuiltSite {
  const pages = sitePages(root);
  const bySource = new Map(pages.map((page) => [page.source, page]));
  const broken: string[] = [];
  const anchors: { from: Page; target: string; page: Page; fragment: string }[] = [];
  const ids = new Map<Page, Set<string>>();
  const index: SearchEntry[] = [];
  const bodies = new Map<Page, string>();

  for (const page of pages) {
    const markdown = readFileSync(join(root, page.source), "utf8");
    const link = (target: string): string | null => {
      const local = repositoryPath(page, target);
      if (!local) {
        if (ALLOWED_SCHEMES.test(target)) return target;
        broken.push(`${page.source}: ${target} (only http, https and mailto links are allowed)`);
        return null;
      }
      const linked =
        bySource.get(local.path) ??
        bySource.get(`${local.path}/README.md`) ??
        bySource.get(`${local.path}README.md`);
      if (linked) {
        if (local.fragment) anchors.push({ from: page, target, page: linked, fragment: local.fragment });
        const path = linked === page ? "" : posix.relative(posix.dirname(page.output), linked.output);
        return local.fragment ? `${path}#${local.fragment}` : path || "#";
      }
      if (existsSync(join(root, local.path))) return null;
      broken.push(`${page.source}: ${target} (no such file: ${local.path})`);
      return null;
    };
    const converted = markdownToHtml(markdown, { link });
    ids.set(page, new Set(converted.headings.map((heading) => heading.id)));
    index.push(...searchEntries(page, converted.sections));
    bodies.set(page, converted.html);
  }
  for (const anchor of anchors) {
    if (!ids.get(anchor.page)?.has(anchor.fragment))
      broken.push(
        `${anchor.from.source}: ${anchor.target} (${anchor.page.source} has no heading #${anchor.fragment})`,
      );
  }
  if (broken.length > 0) throw new BrokenLinksError(broken);

  rmSync(out, { recursive: true, force: true });
  for (const page of pages) {
    const file = join(out, page.output);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, layout(pages, page, bodies.get(page) ?? ""));
  }
  const json = JSON.stringify(index);
  writeFileSync(join(out, "search-index.json"), json);
  // The same index as a script, so search works from a page opened as a file, where fetch cannot
  // read a neighbouring file.
  writeFileSync(join(out, "search-index.js"), `globalThis.portcullisSearchIndex = ${json};\n`);
  copyFileSync(join(ASSETS, "search.js"), join(out, "search.js"));
  copyFileSync(join(ASSETS, "site.css"), join(out, "site.css"));
  return { pages, index };
}

/** The command line: `[out] [--root <repository>]`, both defaulting to this repository. */
function main(argv: string[]): void {
  const rootFlag = argv.indexOf("--root");
  const root =
    rootFlag === -1 ? fileURLToPath(new URL("../..", import.meta.url)) : resolve(argv[rootFlag + 1] ?? ".");
  const positional =
    rootFlag === -1 ? argv : argv.filter((_, index) => index !== rootFlag && index !== rootFlag + 1);
  const out = resolve(positional[0] ?? join(root, "docs-site"));
  const { pages } = buildSite(root, out);
  process.stdout.write(`docs: ${pages.length} pages in ${out}; open ${join(out, "index.html")}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`docs: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
