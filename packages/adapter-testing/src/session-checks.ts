/**
 * How the suite compares a session an adapter answered with the one it was given, depending on
 * whether the adapter claims to store the session details.
 *
 * @module
 */
import { type AdapterSession, isDate } from "@portcullis/core/adapters";
import { expect } from "vitest";

/** The session fields that are Portcullis extensions, optional for an adapter to store. */
export const SESSION_DETAILS = [
  "createdAt",
  "lastSeenAt",
  "userAgent",
  "provider",
  "idpSessionId",
  "idToken",
] as const;

/**
 * Expects `actual` to be `expected`. With `sessionDetails` that includes every detail exactly;
 * without, the fields every adapter stores must match and each detail must come back either as
 * given or as null/undefined (never as something else, e.g. another session's value).
 *
 * @param actual What the adapter answered.
 * @param expected The session as written.
 * @param sessionDetails Whether the adapter stores the details.
 * @example
 * ```ts
 * expectSession(await adapter.createSession(session), session, true)
 * ```
 */
export function expectSession(
  actual: AdapterSession | null | undefined,
  expected: AdapterSession,
  sessionDetails: boolean,
): void {
  expect(isDate(actual?.expires)).toBe(true);
  if (sessionDetails) {
    expect(actual).toEqual(expected);
    for (const field of ["createdAt", "lastSeenAt"] as const) {
      if (expected[field] != null) expect(isDate(actual?.[field])).toBe(true);
    }
    return;
  }
  const {
    createdAt: _c,
    lastSeenAt: _l,
    userAgent: _u,
    provider: _p,
    idpSessionId: _s,
    idToken: _t,
    ...always
  } = expected;
  expect(actual).toMatchObject(always);
  for (const field of SESSION_DETAILS) {
    const value = actual?.[field];
    if (value != null) expect(value, field).toEqual(expected[field]);
  }
}
