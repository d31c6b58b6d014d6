import { describe, expect, it } from "vitest";
import { readableTextColor } from "../../src/pages/contrast";
import { resolveTheme, themeCss } from "../../src/pages/theme";
import type { Theme } from "../../src/types";

describe("resolveTheme", () => {
  it("defaults to the auto color scheme, a brand color and readable button text", () => {
    expect(resolveTheme({})).toEqual({ colorScheme: "auto", brandColor: "#2f5bd3", buttonText: "#ffffff" });
  });

  it("accepts undefined as an empty theme", () => {
    expect(resolveTheme(undefined)).toEqual(resolveTheme({}));
  });

  it("keeps valid values", () => {
    const theme: Theme = { colorScheme: "dark", brandColor: "#0a7", buttonText: "black", logo: "/logo.svg" };
    expect(resolveTheme(theme)).toEqual({
      colorScheme: "dark",
      brandColor: "#0a7",
      buttonText: "black",
      logo: "/logo.svg",
    });
  });

  it("replaces invalid colors with the defaults and drops an unsafe logo", () => {
    const theme = {
      colorScheme: "dark;}</style>",
      brandColor: "red;}</style><script>",
      buttonText: "white;x",
      logo: "javascript:alert(1)",
    } as unknown as Theme;
    expect(resolveTheme(theme)).toEqual({
      colorScheme: "auto",
      brandColor: "#2f5bd3",
      buttonText: "#ffffff",
    });
  });

  it("chooses dark button text on a light brand color", () => {
    expect(resolveTheme({ brandColor: "#ffd700" }).buttonText).toBe("#111111");
  });
});

describe("readableTextColor", () => {
  it.each([
    ["#000", "#ffffff"],
    ["#fff", "#111111"],
    ["#24292f", "#ffffff"],
    ["#ffd700cc", "#111111"],
    ["rgb(250, 250, 250)", "#111111"],
    ["rgb(10%, 10%, 10%)", "#ffffff"],
    ["hsl(0, 0%, 95%)", "#111111"],
    ["hsl(240, 100%, 25%)", "#ffffff"],
  ])("picks %s → %s", (background, text) => {
    expect(readableTextColor(background)).toBe(text);
  });

  it("returns undefined for a color name", () => {
    expect(readableTextColor("teal")).toBeUndefined();
  });
});

describe("themeCss", () => {
  it("follows prefers-color-scheme in auto mode", () => {
    const css = themeCss(resolveTheme({ colorScheme: "auto" }));
    expect(css).toContain("@media (prefers-color-scheme:dark)");
    expect(css).toContain("color-scheme:light");
    expect(css).toContain("color-scheme:dark");
  });

  it("uses only the light palette in light mode", () => {
    const css = themeCss(resolveTheme({ colorScheme: "light" }));
    expect(css).not.toContain("prefers-color-scheme");
    expect(css).not.toContain("color-scheme:dark");
  });

  it("uses only the dark palette in dark mode", () => {
    const css = themeCss(resolveTheme({ colorScheme: "dark" }));
    expect(css).not.toContain("prefers-color-scheme");
    expect(css).not.toContain("color-scheme:light");
  });

  it("puts the brand color and button text into the brand variables", () => {
    const css = themeCss(resolveTheme({ brandColor: "hsl(10, 80%, 40%)", buttonText: "#fefefe" }));
    expect(css).toContain(":root{--brand:hsl(10, 80%, 40%);--brand-text:#fefefe}");
  });

  it("appends extra rules", () => {
    expect(themeCss(resolveTheme({}), ".x{color:red}").endsWith(".x{color:red}")).toBe(true);
  });
});
