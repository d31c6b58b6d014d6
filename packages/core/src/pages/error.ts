/**
 * The built-in error page.
 *
 * @module
 */
import type { Theme } from "../types";
import { html, type SafeHtml } from "./html";
import { pageLanguage } from "./language";
import { renderLayout } from "./layout";
import type { Messages } from "./messages";
import { safeLinkUrl } from "./sanitize";
import { resolveTheme } from "./theme";
import type { RenderedPage } from "./types";

/** What {@link renderErrorPage} needs. */
export interface ErrorPageOptions {
  /** The `error` query parameter; selects the message and is never shown itself. */
  error?: string | null;
  /** Link target of "Sign in" / "Sign in again". */
  signInUrl: string;
  /** Link target of "Go to the home page". */
  homeUrl: string;
  theme: Theme;
  /** The request's `Accept-Language` header; picks the language unless the theme sets one. */
  acceptLanguage?: string | null;
}

/** What an error value shows: its status, the keys of its texts and where its link goes. */
interface ErrorContent {
  status: number;
  heading: keyof Messages;
  message: keyof Messages;
  link: "signIn" | "home";
  linkText: keyof Messages;
}

/** Content per error value. A Map, so values like `__proto__` find nothing. */
const CONTENT: ReadonlyMap<string, ErrorContent> = new Map<string, ErrorContent>([
  [
    "Configuration",
    {
      status: 500,
      heading: "errorConfigurationHeading",
      message: "errorConfigurationText",
      link: "home",
      linkText: "errorLinkHome",
    },
  ],
  [
    "AccessDenied",
    {
      status: 403,
      heading: "errorAccessDeniedHeading",
      message: "errorAccessDeniedText",
      link: "signIn",
      linkText: "errorLinkSignIn",
    },
  ],
  [
    "Verification",
    {
      status: 403,
      heading: "errorVerificationHeading",
      message: "errorVerificationText",
      link: "signIn",
      linkText: "errorLinkSignInAgain",
    },
  ],
]);

const DEFAULT_CONTENT: ErrorContent = {
  status: 200,
  heading: "errorDefaultHeading",
  message: "errorDefaultText",
  link: "home",
  linkText: "errorLinkHome",
};

/**
 * Renders the error page for an `error` value: `Configuration` (status 500), `AccessDenied`
 * (403) and `Verification` (403) have their own message; anything else gets a generic one with
 * status 200. The value is only a lookup key and never shown, so a crafted link cannot put its
 * own text on the page. The texts are in the language `pageLanguage` picks.
 *
 * @param options - error value, sign-in and home URLs, theme, `Accept-Language` header.
 * @returns the page and its status.
 * @example
 * ```ts
 * renderErrorPage({ error: "Verification", signInUrl: "/auth/signin", homeUrl: "/", theme: {} }).status // 403
 * ```
 */
export function renderErrorPage(options: ErrorPageOptions): RenderedPage {
  const content = (options.error && CONTENT.get(options.error)) || DEFAULT_CONTENT;
  const language = pageLanguage(options.theme, options.acceptLanguage);
  const { messages } = language;
  const href = content.link === "signIn" ? options.signInUrl : options.homeUrl;
  const body: SafeHtml = html`<h1>${messages[content.heading]}</h1>
<p class="center">${messages[content.message]}</p>
<a class="button" href="${safeLinkUrl(href)}">${messages[content.linkText]}</a>`;
  const theme = resolveTheme(options.theme);
  const page = renderLayout({ title: messages[content.heading], theme, language, body });
  return { html: page, status: content.status };
}

/** What {@link renderRequestErrorPage} needs. */
export interface RequestErrorPageOptions {
  /** 400 for a request the server cannot read, 413 for a body over the size limit. */
  status: 400 | 413;
  /** Link target of "Go to the home page". */
  homeUrl: string;
  theme: Theme;
  /** The request's `Accept-Language` header; picks the language unless the theme sets one. */
  acceptLanguage?: string | null;
}

const REQUEST_ERRORS: Record<
  RequestErrorPageOptions["status"],
  { heading: keyof Messages; message: keyof Messages }
> = {
  400: { heading: "errorBadRequestHeading", message: "errorBadRequestText" },
  413: { heading: "errorTooLargeHeading", message: "errorTooLargeText" },
};

/**
 * Renders the page a browser gets for a request that could not be read (400) or whose body was
 * too large (413), in the style of the error page, so that a person who posted a form sees a
 * page rather than a bare string. API clients keep the short JSON bodies.
 *
 * @param options - status, home URL, theme, `Accept-Language` header.
 * @returns the page and its status (the one given).
 * @example
 * ```ts
 * renderRequestErrorPage({ status: 413, homeUrl: "/", theme: {} }).status // 413
 * ```
 */
export function renderRequestErrorPage(options: RequestErrorPageOptions): RenderedPage {
  const keys = REQUEST_ERRORS[options.status];
  const language = pageLanguage(options.theme, options.acceptLanguage);
  const { messages } = language;
  const body: SafeHtml = html`<h1>${messages[keys.heading]}</h1>
<p class="center">${messages[keys.message]}</p>
<a class="button" href="${safeLinkUrl(options.homeUrl)}">${messages.errorLinkHome}</a>`;
  const theme = resolveTheme(options.theme);
  const page = renderLayout({ title: messages[keys.heading], theme, language, body });
  return { html: page, status: options.status };
}
