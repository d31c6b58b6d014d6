/**
 * @portcullis/core/node: the glue between Node's `http` messages and the core's Web Request and
 * Response, for integrations and plain Node servers. Kept out of the main entry, which runs
 * anywhere; nothing here loads `node:` modules at run time.
 *
 * @module
 */
export { type DeferredBody, type LazyRequestParts, lazyRequest } from "./http/lazy-request";
export { headersFromNode } from "./http/node-headers";
export { bodyWasCutOff, type NodeRequestOptions, requestFromNode } from "./http/node-request";
export { nodeHeadersOf, responseToNode } from "./http/node-response";
