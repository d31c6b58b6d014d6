import { describe, expect, it } from "vitest";
import { escapeHtml, html, SafeHtml, trustedHtml } from "../../src/pages/html";

describe("escapeHtml", () => {
  it("escapes the five characters special in text and quoted attributes", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });

  it("leaves other text unchanged", () => {
    expect(escapeHtml("Sign in with GitHub – ünïcode / =`")).toBe("Sign in with GitHub – ünïcode / =`");
  });
});

describe("html", () => {
  it("escapes interpolated strings in text and attributes", () => {
    const value = `"><script>alert(1)</script>`;
    expect(html`<p title="${value}">${value}</p>`.toString()).toBe(
      '<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it("keeps nested fragments as markup", () => {
    const inner = html`<b>${"<i>"}</b>`;
    expect(html`<p>${inner}</p>`.toString()).toBe("<p><b>&lt;i&gt;</b></p>");
  });

  it("concatenates lists, escaping their strings and keeping their fragments", () => {
    expect(html`<ul>${["<a>", html`<li>x</li>`, ["&"]]}</ul>`.toString()).toBe(
      "<ul>&lt;a&gt;<li>x</li>&amp;</ul>",
    );
  });

  it("renders false, null and undefined as nothing and numbers as text", () => {
    expect(html`[${false}${null}${undefined}${0}${1.5}]`.toString()).toBe("[01.5]");
  });

  it("returns a SafeHtml fragment", () => {
    expect(html`<br>`).toBeInstanceOf(SafeHtml);
  });
});

describe("trustedHtml", () => {
  it("is inserted without escaping", () => {
    expect(html`<style>${trustedHtml("a>b{color:red}")}</style>`.toString()).toBe(
      "<style>a>b{color:red}</style>",
    );
  });
});
