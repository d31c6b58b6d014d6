import adapter from "@sveltejs/adapter-node";

// The tests build into a directory of their own (removed afterwards) and pass it here, so that a
// run leaves nothing behind and two test files can build at once. It stays inside this folder:
// SvelteKit's generated modules import packages, which Node resolves from where they are.
const out = process.env.PORTCULLIS_FIXTURE_OUT ?? ".out";

/** @type {import("@sveltejs/kit").Config} */
export default {
  kit: {
    adapter: adapter({ out: `${out}/build`, precompress: false }),
    outDir: `${out}/.svelte-kit`,
  },
};
