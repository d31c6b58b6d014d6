/**
 * @portcullis/sveltekit/components: `SignIn` and `SignOut`, forms posting to the app's `signIn` and
 * `signOut` form actions, as `@auth/sveltekit/components` has them. Shipped as Svelte source, which
 * the app's own Svelte compiler builds.
 *
 * @module
 */
export { default as SignIn } from "./SignIn.svelte";
export { default as SignOut } from "./SignOut.svelte";
