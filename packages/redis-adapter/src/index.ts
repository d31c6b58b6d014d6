/**
 * A Portcullis adapter on Redis: users, accounts, database sessions, verification tokens and
 * WebAuthn authenticators, shared by every process that uses one Redis.
 *
 * @module
 */
export { RedisAdapter, type RedisAdapterOptions } from "./redis-adapter";
