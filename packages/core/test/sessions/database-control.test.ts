/** Session control over HTTP with database sessions in the memory adapter. */
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { describe, expect, it } from "vitest";
import { browser, control, controlConfig, databaseSessionControl } from "./helpers";

databaseSessionControl("the memory adapter", async () => MemoryAdapter());

describe("database sessions without the session-control methods", () => {
  it("answer 404 on the sessions routes, and sign-in still works", async () => {
    const { listSessionsByUser: _l, deleteSessionsByUser: _d, ...adapter } = MemoryAdapter();
    await adapter.createUser!({
      id: "u-alice",
      name: "Alice",
      email: "alice@example.com",
      emailVerified: null,
    });
    const config = controlConfig({ adapter, session: { strategy: "database" } });
    const client = await browser(config, "alice");
    expect((await client.get("/auth/sessions")).status).toBe(404);
    expect((await control(client, "revoke-all")).status).toBe(404);
  });
});
