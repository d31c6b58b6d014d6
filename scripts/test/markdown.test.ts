/**
 * The docs site's Markdown converter turns the subset the docs are written in into the HTML a
 * reader sees, and turns anything else, raw HTML above all, into escaped text.
 */
import { describe, expect, it } from "vitest";
import { markdownToHtml, slug } from "../docs/markdown";

describe("markdownToHtml", () => {
  it.each([
    [
      "an ATX heading, with GitHub's anchor",
      "## Security: the trust rules",
      '<h2 id="security-the-trust-rules">Security: the trust rules</h2>',
    ],
    ["repeated headings", "## Same\n## Same", '<h2 id="same">Same</h2>\n<h2 id="same-1">Same</h2>'],
    ["a paragraph over two lines", "one\ntwo", "<p>one\ntwo</p>"],
    [
      "emphasis and strong",
      "*a* _b_ **c** __d__",
      "<p><em>a</em> <em>b</em> <strong>c</strong> <strong>d</strong></p>",
    ],
    ["underscores inside a word", "AUTH_SECRET_1 here", "<p>AUTH_SECRET_1 here</p>"],
    ["inline code, escaped and left alone", "`<b>*x*</b>`", "<p><code>&lt;b&gt;*x*&lt;/b&gt;</code></p>"],
    ["a double-backtick code span", "`` a`b ``", "<p><code>a`b</code></p>"],
    [
      "a link",
      "[core](packages/core/README.md#rate-limits)",
      '<p><a href="packages/core/README.md#rate-limits">core</a></p>',
    ],
    ["a link with code in its text", "[`Auth`](a.md)", '<p><a href="a.md"><code>Auth</code></a></p>'],
    ["an autolink", "<https://authjs.dev>", '<p><a href="https://authjs.dev">https://authjs.dev</a></p>'],
    ["backslash escapes", "\\*not em\\*", "<p>*not em*</p>"],
    [
      "raw HTML as text",
      '<img src=x onerror="alert(1)">',
      "<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>",
    ],
    ["a bullet list", "- a\n- b", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>"],
    ["a numbered list from 3", "3. c\n4. d", '<ol start="3">\n<li>c</li>\n<li>d</li>\n</ol>'],
    [
      "a nested list and a wrapped item",
      "- a\n  more\n  - b\n- c",
      "<ul>\n<li>a\nmore\n<ul>\n<li>b</li>\n</ul></li>\n<li>c</li>\n</ul>",
    ],
    ["a list right after a paragraph", "text\n- a", "<p>text</p>\n<ul>\n<li>a</li>\n</ul>"],
    [
      "a code block inside a list item",
      "- a\n\n  ```ts\n  x()\n  ```\n- b",
      '<ul>\n<li><p>a</p>\n<pre><code class="language-ts">x()</code></pre></li>\n<li><p>b</p></li>\n</ul>',
    ],
    [
      "a code fence, escaped",
      "```html\n<script>alert(1)</script>\n```",
      '<pre><code class="language-html">&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>',
    ],
    ["a fence with a longer closing run", "````\n```\n````", "<pre><code>```</code></pre>"],
    [
      "a table with alignment and a pipe in code",
      "| a | b |\n|---|--:|\n| `x|y` | 2 |",
      '<table>\n<thead><tr><th>a</th><th class="align-right">b</th></tr></thead>\n<tbody>\n<tr><td><code>x|y</code></td><td class="align-right">2</td></tr>\n</tbody>\n</table>',
    ],
    ["a block quote", "> a\n> b", "<blockquote>\n<p>a\nb</p>\n</blockquote>"],
    ["a rule", "---", "<hr>"],
  ])("%s", (_, markdown, html) => {
    expect(markdownToHtml(markdown).html).toBe(html);
  });

  it("hands every link target to the link option and renders a null answer as plain text", () => {
    const seen: string[] = [];
    const { html } = markdownToHtml("[a](x.md) and [b](y.md#z)", {
      link: (target) => {
        seen.push(target);
        return target === "x.md" ? "x.html" : null;
      },
    });
    expect(seen).toEqual(["x.md", "y.md#z"]);
    expect(html).toBe('<p><a href="x.html">a</a> and b</p>');
  });

  it("lists the headings and the text of each section", () => {
    const { headings, sections } = markdownToHtml(
      "intro\n# One\nfirst `code`\n## Two\n```sh\nnpm run docs\n```",
    );
    expect(headings).toEqual([
      { level: 1, text: "One", id: "one" },
      { level: 2, text: "Two", id: "two" },
    ]);
    expect(sections.map((section) => [section.heading.text, section.text])).toEqual([
      ["", "intro"],
      ["One", "first code"],
      ["Two", "npm run docs"],
    ]);
  });
});

describe("slug", () => {
  it.each([
    ["Security: the trust rules", "security-the-trust-rules"],
    ["`auth()` in server code", "auth-in-server-code"],
    ["Rate limits", "rate-limits"],
    ["Next.js (App Router)", "nextjs-app-router"],
  ])("%s", (text, expected) => {
    expect(slug(text)).toBe(expected);
  });
});
