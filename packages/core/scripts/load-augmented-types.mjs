#!/usr/bin/env node
// Makes the published types of the main entry load the modules apps augment. An Auth.js app
// writes `declare module "@auth/core/jwt" { interface JWT { role?: string } }` in a file that
// imports nothing from that module (the codemod turns it into "@portcullis/core/jwt"), and
// TypeScript applies an augmentation only to a module that is already part of the program. The
// bundled declarations keep the shared types in a chunk that dist/index.d.ts imports directly,
// so dist/jwt.d.ts was never loaded: the augmentation failed ("cannot be found") or, under
// skipLibCheck, was dropped without a word. Importing the entries for their effect loads them.
// Run from the package folder after tsup has written dist/.
import { appendFileSync } from "node:fs";

const AUGMENTED = ["./jwt.js", "./types.js", "./adapters.js"];

appendFileSync("dist/index.d.ts", AUGMENTED.map((entry) => `import "${entry}";\n`).join(""));
console.log(`load-augmented-types: dist/index.d.ts imports ${AUGMENTED.join(", ")}`);
