/**
 * The built-in error page.
 *
 * @module
 */
import type { Theme } from "../types";
import { html, type SafeHtml } from "./html";
import { renderLayout } from "./layout";
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
}

interface ErrorContent {
  status: number;
  heading: string;
  message: string;
  link: "signIn" | "home";
  linkText: string;
}

/** Content per error value. A Map, so values like `__proto__` find nothing. */
const CONTENT: ReadonlyMap<string, ErrorContent> = new Map([
  [
    "Configuration",
    {
      status: 500,
      heading: "Server error",
      message:
        "There is a problem with the server configuration. Check the server logs for more information.",
      link: "home",
      linkText: "Go to the home page",
    },
  ],
  [
    "AccessDenied",
    {
      status: 403,
      heading: "Access denied",
      message: "You do not have permission to sign in.",
      link: "signIn",
      linkText: "Sign in",
    },
  ],
  [
    "Verification",
    {
      status: 403,
      heading: "Unable to sign in",
      message: "The sign-in link is no longer valid. It may have been used already, or it may have expired.",
      link: "signIn",
      linkText: "Sign in again",
    },
  ],
]);

const DEFAULT_CONTENT: ErrorContent = {
  status: 200,
  heading: "Something went wrong",
  message: "An error occurred. Please try again later.",
  link: "home",
  linkText: "Go to the home page",
};

/**
 * Renders the error page for an `error` value: `Configuration` (status 500), `AccessDenied`
 * (403) and `Verification` (403) have their own message; anything else gets a generic one with
 * status 200. The value is only a lookup key and never shown, so a crafted link cannot put its
 * own text on the page.
 *
 * @param options - error value, sign-in and home URLs, theme.
 * @returns the page and its status.
 * @example
 * ```ts
 * renderErrorPage({ error: "Verification", signInUrl: "/auth/signin", homeUrl: "/", theme: {} }).status // 403
 * ```
 */
export function renderErrorPage(options: ErrorPageOptions): RenderedPage {
  const content = (options.error && CONTENT.get(options.error)) || DEFAULT_CONTENT;
  const href = content.link === "signIn" ? options.signInUrl : options.homeUrl;
  const body: SafeHtml = html`<h1>${content.heading}</h1>
<p class="center">${content.message}</p>
<a class="button" href="${safeLinkUrl(href)}">${content.linkText}</a>`;
  const page = renderLayout({ title: content.heading, theme: resolveTheme(options.theme), body });
  return { html: page, status: content.status };
}

/** What {@link renderRequestErrorPage} needs. */
export interface RequestErrorPageOptions {
  /** 400 for a request the server cannot read, 413 for a body over the size limit. */
  status: 400 | 413;
  /** Link target of "Go to the home page". */
  homeUrl: string;
  theme: Theme;
}

const REQUEST_ERRORS: Record<RequestErrorPageOptions["status"], { heading: string; message: string }> = {
  400: {
    heading: "Bad request",
    message: "This request could not be understood. Go back, reload the page and try again.",
  },
  413: {
    heading: "Too much data",
    message: "The form sent more data than the server accepts. Go back and try again with less.",
  },
};

/**
 * Renders the page a browser gets for a request that could not be read (400) or whose body was
 * too large (413), in the style of the error page, so that a person who posted a form sees a
 * page rather than a bare string. API clients keep the short JSON bodies.
 *
 * @param options - status, home URL, theme.
 * @returns the page and its status (the one given).
 * @example
 * ```ts
 * renderRequestErrorPage({ status: 413, homeUrl: "/", theme: {} }).status // 413
 * ```
 */
export function renderRequestErrorPage(options: RequestErrorPageOptions): RenderedPage {
  const { heading, message } = REQUEST_ERRORS[options.status];
  const body: SafeHtml = html`<h1>${heading}</h1>
<p class="center">${message}</p>
<a class="button" href="${safeLinkUrl(options.homeUrl)}">Go to the home page</a>`;
  const page = renderLayout({ title: heading, theme: resolveTheme(options.theme), body });
  return { html: page, status: options.status };
}
