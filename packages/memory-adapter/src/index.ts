/**
 * An in-memory Portcullis adapter for development and tests.
 *
 * @module
 */
export { MemoryAdapter } from "./memory-adapter";
