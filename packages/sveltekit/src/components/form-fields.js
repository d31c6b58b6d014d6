/**
 * Turns the `options` and `authorizationParams` props of the SignIn and SignOut components into
 * the hidden fields the `signIn` / `signOut` form actions read. Plain JavaScript so the
 * components' package ships it as source next to the `.svelte` files.
 *
 * @module
 */

/** The providers that sign in by mail: their form asks for an address. */
export const EMAIL_PROVIDERS = new Set(["email", "nodemailer", "resend", "sendgrid", "postmark", "mailgun"]);

/**
 * The name/value pairs of `options` (a plain object or a FormData), as strings, leaving out
 * `undefined`, `null` and files. `callbackUrl`, the older name, is sent as `redirectTo` (the field
 * the form actions read) unless `redirectTo` is given too.
 *
 * @param {Record<string, unknown> | FormData | undefined} options The component's `options` prop.
 * @returns {Array<[string, string]>} The hidden fields, in the order given.
 * @example
 * optionFields({ redirectTo: "/account", redirect: true }) // [["redirectTo", "/account"], ["redirect", "true"]]
 */
export function optionFields(options) {
  if (!options) return [];
  const entries = options instanceof FormData ? [...options.entries()] : Object.entries(options);
  const fields = [];
  const hasRedirectTo = entries.some(([name, value]) => name === "redirectTo" && value != null);
  for (const [name, value] of entries) {
    if (value === undefined || value === null || (typeof Blob !== "undefined" && value instanceof Blob))
      continue;
    if (name === "callbackUrl" && hasRedirectTo) continue;
    fields.push([name === "callbackUrl" ? "redirectTo" : name, String(value)]);
  }
  return fields;
}

/**
 * The `authorizationParams-<name>` fields for the provider's authorization request, from any form
 * `URLSearchParams` takes (query string, object, pairs or URLSearchParams).
 *
 * @param {string | Record<string, string> | string[][] | URLSearchParams | undefined} params The prop.
 * @returns {Array<[string, string]>} The hidden fields.
 * @example
 * authorizationFields({ prompt: "login" }) // [["authorizationParams-prompt", "login"]]
 */
export function authorizationFields(params) {
  if (!params) return [];
  return [...new URLSearchParams(params)].map(([name, value]) => [`authorizationParams-${name}`, value]);
}

/**
 * Where a component's form posts: the route holding the form action, under the app's base path.
 *
 * @param {string} base SvelteKit's `base` from `$app/paths` ("" or "/prefix").
 * @param {string} page The route, e.g. "signin" (a leading slash is allowed).
 * @returns {string} The form's action, e.g. "/signin".
 * @example
 * actionOf("/app", "signin") // "/app/signin"
 */
export function actionOf(base, page) {
  return `${base}/${page.replace(/^\/+/, "")}`;
}
