/**
 * The built-in pages speak the visitor's language: the configured `theme.locale`, else the best
 * match among English and `theme.languages` of the request's Accept-Language header, else
 * English; `theme.messages` replaces single texts. Checked through `Auth`, as a browser would see
 * the pages.
 */
import { Auth, type AuthConfig, type Theme } from "@portcullis/core";
import { de, en, languages } from "@portcullis/core/languages";
import GitHub from "@portcullis/core/providers/github";
import { describe, expect, it } from "vitest";
import { preferredLanguages } from "../../src/pages/accept-language";
import { credentials, SECRET } from "../auth/helpers";
import { decode, elements } from "./markup";

const ORIGIN = "http://localhost:3000";

/** A configuration whose theme is `theme`, every shipped language by default. */
function config(theme: Theme | undefined = { languages }): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    providers: [GitHub({ clientId: "id", clientSecret: "secret" }), credentials],
    ...(theme === undefined ? {} : { theme }),
  };
}

async function page(path: string, cfg: AuthConfig, acceptLanguage?: string): Promise<string> {
  const headers = acceptLanguage === undefined ? undefined : { "Accept-Language": acceptLanguage };
  const response = await Auth(new Request(`${ORIGIN}${path}`, { headers }), cfg);
  expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  return response.text();
}

/** The `<html>` element's attributes. */
function root(markup: string): Record<string, string> {
  return elements(markup, "html")[0] ?? {};
}

/** The decoded text of every element named `tag`, tags inside removed. */
function texts(markup: string, tag: string): string[] {
  return [...markup.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, "g"))].map((m) =>
    decode((m[1] ?? "").replace(/<[^>]*>/g, "").trim()),
  );
}

describe("language from Accept-Language", () => {
  it("writes the sign-in page in German for a German browser", async () => {
    const markup = await page("/auth/signin", config(), "de-DE,de;q=0.9,en;q=0.8");
    expect(root(markup)).toMatchObject({ lang: "de", dir: "ltr" });
    expect(texts(markup, "h1")).toEqual(["Anmelden"]);
    expect(texts(markup, "title")).toEqual(["Anmelden"]);
    expect(texts(markup, "button")).toEqual(["Mit GitHub anmelden", "Mit Credentials anmelden"]);
    expect(texts(markup, "span")).toContain("oder");
  });

  it("follows q-values rather than header order", async () => {
    const markup = await page("/auth/signout", config(), "xx;q=1, fr;q=0.4, de;q=0.7");
    expect(root(markup).lang).toBe("de");
    expect(texts(markup, "button")).toEqual(["Abmelden"]);
  });

  it("writes the sign-in page in Arabic, right to left", async () => {
    const markup = await page("/auth/signin", config(), "ar-EG");
    expect(root(markup)).toMatchObject({ lang: "ar", dir: "rtl" });
    expect(texts(markup, "h1")).toEqual(["تسجيل الدخول"]);
    expect(texts(markup, "button")[0]).toBe("تسجيل الدخول عبر GitHub");
  });

  it("translates the sign-in page's error message", async () => {
    const markup = await page("/auth/signin?error=CredentialsSignin", config(), "fr");
    const alert = /<div class="alert" role="alert">([^<]*)<\/div>/.exec(markup)?.[1];
    expect(alert).toBe("Échec de la connexion. Vérifiez les informations saisies.");
  });

  it("translates the error page", async () => {
    const markup = await page("/auth/error?error=Verification", config(), "es");
    expect(texts(markup, "h1")).toEqual(["No se puede iniciar sesión"]);
    expect(texts(markup, "a")).toEqual(["Volver a iniciar sesión"]);
  });

  it("falls back to English for a language without a catalogue", async () => {
    const markup = await page("/auth/signin", config(), "sv-SE, fi;q=0.5");
    expect(root(markup)).toMatchObject({ lang: "en", dir: "ltr" });
    expect(texts(markup, "h1")).toEqual(["Sign in"]);
    expect(texts(markup, "button")[0]).toBe("Sign in with GitHub");
  });

  it("tells caches that the page varies with Accept-Language", async () => {
    const response = await Auth(
      new Request(`${ORIGIN}/auth/signin`, { headers: { "Accept-Language": "ko" } }),
      config(),
    );
    expect(response.headers.get("vary")).toBe("Accept-Language");
  });

  it("falls back to English without the header", async () => {
    const markup = await page("/auth/verify-request", config());
    expect(root(markup).lang).toBe("en");
    expect(texts(markup, "h1")).toEqual(["Check your email"]);
  });
});

describe("the languages an app gives", () => {
  it("is English only without theme.languages, whatever the browser asks for", async () => {
    const { theme: _, ...withoutTheme } = config();
    for (const cfg of [withoutTheme, config({})]) {
      const markup = await page("/auth/signin", cfg, "de-DE,de;q=0.9");
      expect(root(markup).lang).toBe("en");
      expect(texts(markup, "h1")).toEqual(["Sign in"]);
    }
  });

  it("speaks only the languages given: German for a German browser, English for a French one", async () => {
    const cfg = config({ languages: { de } });
    expect(texts(await page("/auth/signout", cfg, "de"), "button")).toEqual(["Abmelden"]);
    const french = await page("/auth/signout", cfg, "fr, de;q=0.1");
    expect(root(french).lang).toBe("de");
    expect(root(await page("/auth/signout", cfg, "fr")).lang).toBe("en");
  });

  it("takes an app's own language, its missing texts in English", async () => {
    const markup = await page(
      "/auth/signin",
      config({ languages: { SV: { signInTitle: "Logga in" } } }),
      "sv-SE",
    );
    expect(root(markup).lang).toBe("sv");
    expect(texts(markup, "h1")).toEqual(["Logga in"]);
    expect(texts(markup, "button")[0]).toBe("Sign in with GitHub");
  });

  /** The sign-in page's `<html>` attributes and h1 under `theme`, with the warnings logged. */
  async function warned(theme: Theme, acceptLanguage?: string) {
    const warnings: string[] = [];
    const logger = { error: () => {}, warn: (code: string) => void warnings.push(code), debug: () => {} };
    const markup = await page("/auth/signin", { ...config(theme), logger }, acceptLanguage);
    return { ...root(markup), h1: texts(markup, "h1")[0], warnings };
  }

  it("shows English as English when theme.locale names a language it was not given, and warns", async () => {
    for (const locale of ["ar", "de"]) {
      const shown = await warned({ locale }, locale);
      expect(shown).toMatchObject({ lang: "en", dir: "ltr", h1: "Sign in" });
      expect(shown.warnings).toContain("theme-language-unavailable");
    }
  });

  it("keeps theme.locale for a language the app writes in theme.messages, without a warning", async () => {
    const shown = await warned({ locale: "sv", messages: { signInTitle: "Logga in" } });
    expect(shown).toMatchObject({ lang: "sv", h1: "Logga in" });
    expect(shown.warnings).not.toContain("theme-language-unavailable");
  });

  it("warns of a theme.languages key that is not a language code, which it passes over", async () => {
    const shown = await warned({ languages: { "pt-BR": { signInTitle: "Entrar" } } }, "pt-BR");
    expect(shown).toMatchObject({ lang: "en", h1: "Sign in" });
    expect(shown.warnings).toContain("theme-language-unavailable");
    expect((await warned({ languages })).warnings).not.toContain("theme-language-unavailable");
  });

  // The theme is configuration, which can hold anything at run time: what is not a language code
  // with a catalogue object is passed over, and a catalogue's texts count only as strings of
  // known keys, so nothing stray reaches the page and nothing throws.
  it.each([
    ["a language code that is not letters", { "d-e": de }, "d-e", "en"],
    ["__proto__ as a header's language", { de }, "__proto__", "en"],
    ["a catalogue that is a string", { de: "Anmelden" }, "de", "en"],
    ["a catalogue that is null", { de: null }, "de", "en"],
    ["languages that is a string", "de", "de", "en"],
  ])("passes over %s", async (_, given, header, lang) => {
    const theme = { languages: given } as unknown as Theme;
    const markup = await page("/auth/signin", config(theme), header);
    expect(root(markup).lang).toBe(lang);
    expect(texts(markup, "h1")).toEqual(["Sign in"]);
  });

  it("keeps a catalogue's non-string texts out", async () => {
    const theme = { languages: { de: { ...de, signInTitle: 42 } } } as unknown as Theme;
    const markup = await page("/auth/signin", config(theme), "de");
    expect(texts(markup, "h1")).toEqual(["Sign in"]);
    expect(texts(markup, "button")[0]).toBe("Mit GitHub anmelden");
  });
});

describe("language from the theme", () => {
  it("theme.locale wins over the header", async () => {
    const markup = await page("/auth/signin", config({ languages, locale: "ja" }), "de,en;q=0.5");
    expect(root(markup)).toMatchObject({ lang: "ja", dir: "ltr" });
    expect(texts(markup, "h1")).toEqual(["ログイン"]);
  });

  it("theme.locale with a region keeps the region in lang and uses the language's texts", async () => {
    const markup = await page("/auth/signout", config({ languages, locale: "pt-BR" }), "de");
    expect(root(markup).lang).toBe("pt-BR");
    expect(texts(markup, "button")).toEqual(["Sair"]);
  });

  it("theme.messages replaces one text and keeps the others, still escaped", async () => {
    const cfg = config({ languages, messages: { signInWith: "Continue with <b>{provider}</b>" } });
    const markup = await page("/auth/signin", cfg, "de");
    expect(markup).toContain("Continue with &lt;b&gt;GitHub&lt;/b&gt;");
    expect(texts(markup, "h1")).toEqual(["Anmelden"]);
  });

  it("ignores overrides that are not strings of a known key", async () => {
    const messages = { signInTitle: 42, bogus: "x" } as unknown as Theme["messages"];
    const markup = await page("/auth/signin", config({ messages }));
    expect(texts(markup, "h1")).toEqual(["Sign in"]);
  });
});

describe("catalogues", () => {
  const keys = Object.keys(en).sort();

  it("ships the twelve languages", () => {
    expect(Object.keys(languages).sort()).toEqual(
      ["ar", "de", "en", "es", "fr", "it", "ja", "ko", "nl", "pl", "pt", "zh"].sort(),
    );
  });

  it.each(Object.entries(languages))(
    "%s has every key, each a non-empty text with English's placeholders",
    (_, messages) => {
      expect(Object.keys(messages).sort()).toEqual(keys);
      for (const key of keys) {
        const text = messages[key as keyof typeof en];
        expect(text.trim(), key).not.toBe("");
        const placeholders = (s: string) => [...s.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
        expect(placeholders(text), key).toEqual(placeholders(en[key as keyof typeof en]));
      }
    },
  );
});

describe("preferredLanguages", () => {
  it("orders by q-value, drops q=0, malformed q-values and wildcards", () => {
    expect(preferredLanguages("en;q=0.1, de-CH;q=0.8, *;q=0.9, fr;q=0, it;q=2, nl")).toEqual([
      "nl",
      "de",
      "en",
    ]);
  });
});
