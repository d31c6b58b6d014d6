/**
 * The conformance suite every Portcullis adapter runs under vitest.
 *
 * @module
 */

export type { AdapterTestOptions, DatabaseReaders } from "./options";
export { runAdapterTests } from "./run-adapter-tests";
