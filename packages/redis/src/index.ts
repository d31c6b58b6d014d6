/**
 * Redis-backed stores for Portcullis: sessions that every process can list and revoke, and rate
 * limits that hold across processes.
 *
 * @module
 */
export { type RedisRateLimitStoreOptions, redisRateLimitStore } from "./rate-limit-store";
export { type RedisSessionStoreOptions, redisSessionStore } from "./session-store";
