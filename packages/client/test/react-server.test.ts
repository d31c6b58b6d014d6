/**
 * The React entry rendered on the server with react-dom/server: what the first HTML shows for a
 * session passed in, and the error for a `useSession` with no provider. Effects (and so fetches)
 * never run in `renderToString`, so these tests need no server.
 */
import { type Session, SessionProvider, type UseSessionOptions, useSession } from "@portcullis/client/react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

const ALICE: Session = {
  user: { name: "Alice", email: "alice@example.com" },
  expires: "2030-01-01T00:00:00.000Z",
};

/** Shows `status|name` of the session. */
function Status(props: { options?: UseSessionOptions }) {
  const { data, status } = useSession(props.options);
  return createElement("output", null, `${status}|${data?.user?.name ?? ""}`);
}

/** Renders {@link Status} in a provider given `session`. */
function render(session: Session | null | undefined, options?: UseSessionOptions): string {
  return renderToString(createElement(SessionProvider, { session }, createElement(Status, { options })));
}

describe("SessionProvider rendered on the server", () => {
  it("shows a session passed in as authenticated in the first HTML", () => {
    expect(render(ALICE)).toBe("<output>authenticated|Alice</output>");
  });

  it("shows a null session passed in as unauthenticated", () => {
    expect(render(null)).toBe("<output>unauthenticated|</output>");
  });

  it("shows loading when no session is passed in", () => {
    expect(render(undefined)).toBe("<output>loading|</output>");
  });

  it("gives data undefined while loading, as next-auth/react does at run time", () => {
    let seen: unknown = "not rendered";
    function Probe() {
      seen = useSession().data;
      return null;
    }
    renderToString(createElement(SessionProvider, { session: undefined }, createElement(Probe)));
    expect(seen).toBeUndefined();
  });

  it("lets a nested provider handed the outer one's loading data load the session itself", () => {
    // next-auth's Pages Router example: a page renders <SessionProvider session={data}> inside
    // the app's provider. Handed null, the inner provider would show signed out and never fetch.
    function Nested() {
      const { data } = useSession();
      return createElement(SessionProvider, { session: data }, createElement(Status));
    }
    const html = renderToString(
      createElement(SessionProvider, { session: undefined }, createElement(Nested)),
    );
    expect(html).toBe("<output>loading|</output>");
  });

  it("reports loading, not unauthenticated, to a component that requires a session", () => {
    expect(render(null, { required: true, onUnauthenticated: () => {} })).toBe("<output>loading|</output>");
  });
});

describe("useSession", () => {
  it("throws an error naming SessionProvider when used outside one", () => {
    expect(() => renderToString(createElement(Status))).toThrow(
      /useSession must be called inside a <SessionProvider>/,
    );
  });
});
