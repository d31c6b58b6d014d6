/**
 * The in-process session store's deleteByIdpSession, as back-channel logout uses it: every session
 * of the identity-provider session goes, whoever its user, and nothing else does.
 */
import { memorySessionStore, type StoredSession } from "@portcullis/core";
import { describe, expect, it } from "vitest";

const HOUR = 3_600_000;

function session(id: string, userId: string, provider: string | undefined, idpSessionId: string | undefined) {
  return {
    id,
    userId,
    expires: new Date(Date.now() + HOUR),
    ...(provider !== undefined && { provider }),
    ...(idpSessionId !== undefined && { idpSessionId }),
  } satisfies StoredSession;
}

describe("memorySessionStore().deleteByIdpSession", () => {
  it("deletes the sessions of every user in that provider session, answers them, and keeps the others", async () => {
    const store = memorySessionStore();
    const sessions = [
      session("a1", "alice", "idp", "sid-1"),
      session("b1", "bob", "idp", "sid-1"),
      session("a2", "alice", "idp", "sid-2"),
      session("other-provider", "alice", "other", "sid-1"),
      session("no-provider", "alice", undefined, "sid-1"),
      session("no-sid", "alice", "idp", undefined),
    ];
    for (const s of sessions) await store.create(s);

    const deleted = await store.deleteByIdpSession!("idp", "sid-1");

    expect(deleted.map((s) => s.id).sort()).toEqual(["a1", "b1"]);
    expect(deleted.find((s) => s.id === "b1")).toEqual(sessions[1]);
    expect(await store.get("a1")).toBeNull();
    expect(await store.get("b1")).toBeNull();
    for (const id of ["a2", "other-provider", "no-provider", "no-sid"])
      expect(await store.get(id)).not.toBeNull();
    expect(await store.deleteByIdpSession!("idp", "sid-1")).toEqual([]);
  });
});
