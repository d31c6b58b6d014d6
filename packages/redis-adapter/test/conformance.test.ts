/**
 * The adapter conformance suite on a real redis-server, with direct reads of the hashes so the
 * suite also sees rows the adapter's own reads would hide.
 */
import { runAdapterTests } from "@portcullis/adapter-testing";
import { RedisAdapter } from "@portcullis/redis-adapter";
import { startRedis } from "@portcullis/testkit";
import { Redis } from "ioredis";
import { afterAll } from "vitest";
import { redisReaders } from "./readers";

const server = await startRedis();
const client = new Redis(server.url);
afterAll(async () => {
  client.disconnect();
  await server.stop();
});

const prefix = "conformance:";
runAdapterTests({
  name: "RedisAdapter",
  // The suite lists and deletes a session that expired long ago, as a SQL table keeps such rows;
  // an hour's retention keeps it in Redis for the length of the run.
  adapter: RedisAdapter(client, { prefix, keepExpiredSessionsFor: 3600 }),
  sessionDetails: true,
  db: redisReaders(client, prefix),
});
