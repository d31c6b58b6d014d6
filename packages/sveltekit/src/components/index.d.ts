/**
 * Types of @portcullis/sveltekit/components (the components ship as Svelte source). Declared as
 * component classes, the form Svelte 4 and Svelte 5 both read, so that named slots type-check as
 * well as snippets.
 *
 * @module
 */
import type { SvelteComponent } from "svelte";
import type { HTMLFormAttributes } from "svelte/elements";

/**
 * What a Svelte 5 snippet passed as a prop is, as far as these components need it: they render
 * it with no argument, so a snippet that wants one is refused. Svelte's own `Snippet` type is not
 * imported: Svelte 4, which these components also serve, has none (so a plain function, which
 * Svelte's type would refuse, passes here).
 */
export type Snippet = (this: void) => unknown;

/** Where to go after the sign-in or sign-out, and whether to go there. */
export interface RedirectOptions {
  /** Where the visitor lands afterwards. Default: the page the form was posted from. */
  redirectTo?: string;
  /** Sent as a field; the form actions always redirect. */
  redirect?: boolean;
}

/** Props of {@link SignIn}; any other attribute goes onto the `<form>`. */
export interface SignInProps extends Omit<HTMLFormAttributes, "action" | "method" | "children"> {
  /** Extra classes of the form, after `signInButton`. */
  className?: string;
  /** Provider id, e.g. `"github"`. Empty: the sign-in page listing every provider. */
  provider?: string;
  /** The route whose default form action is `signIn`. Default `"signin"`. */
  signInPage?: string;
  /** `redirectTo`, `redirect` and any field the provider reads (an email provider's `email`). */
  options?: (RedirectOptions & Record<string, unknown>) | FormData;
  /** Extra parameters of an OAuth provider's authorization request, e.g. `{ prompt: "login" }`. */
  authorizationParams?: string | Record<string, string> | string[][] | URLSearchParams;
  /** The credentials inputs, shown when `provider` is `"credentials"` (slot `credentials`). */
  credentials?: Snippet;
  /** Replaces the email input of an email provider (slot `email`). */
  email?: Snippet;
  /** The button's content (slot `submitButton`). Default `Signin with <provider>`. */
  submitButton?: Snippet;
}

/**
 * The named slots of {@link SignIn}: `<span slot="submitButton">` in a Svelte 4 app (or one
 * written as Auth.js's docs show it); a Svelte 5 app may pass the snippet props instead.
 */
export interface SignInSlots {
  credentials: Record<string, never>;
  email: Record<string, never>;
  submitButton: Record<string, never>;
}

/** The named slot of {@link SignOut}, as {@link SignInSlots}. */
export interface SignOutSlots {
  submitButton: Record<string, never>;
}

/** Props of {@link SignOut}; any other attribute goes onto the `<form>`. */
export interface SignOutProps extends Omit<HTMLFormAttributes, "action" | "method" | "children"> {
  /** Extra classes of the form, after `signOutButton`. */
  className?: string;
  /** Where to land afterwards (`redirectTo`) and `redirect`. */
  options?: RedirectOptions;
  /** The route whose default form action is `signOut`. Default `"signout"`. */
  signOutPage?: string;
  /** The button's content (slot `submitButton`). Default `Sign Out`. */
  submitButton?: Snippet;
}

/**
 * A form posting to the `signIn` form action at `/<signInPage>` (progressively enhanced), with the
 * provider id, options and authorization parameters as hidden fields.
 *
 * @example
 * ```svelte
 * <SignIn provider="github" options={{ redirectTo: "/account" }} />
 * ```
 */
export declare class SignIn extends SvelteComponent<SignInProps, Record<string, never>, SignInSlots> {}

/**
 * A form posting to the `signOut` form action at `/<signOutPage>` (progressively enhanced).
 *
 * @example
 * ```svelte
 * <SignOut options={{ redirectTo: "/" }} />
 * ```
 */
export declare class SignOut extends SvelteComponent<SignOutProps, Record<string, never>, SignOutSlots> {}
