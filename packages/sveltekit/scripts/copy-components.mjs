#!/usr/bin/env node
// Publishes the components as Svelte source, as @sveltejs/package does: the app's own Svelte
// compiler builds them (with its version and options), which a precompiled copy could not allow.
// Run from the package folder after tsup has cleaned dist/.
import { cpSync } from "node:fs";

cpSync("src/components", "dist/components", { recursive: true });
console.log("copy-components: src/components -> dist/components");
