/**
 * The overloads of `auth` and the shapes of the server-side helpers, as an app's code sees them
 * (checked by the type-check; the values are only typed here, never called outside Next.js).
 */
import type { Session } from "@portcullis/core";
import type { NextAuthRequest, NextAuthResult, SignInOptions } from "@portcullis/next";
import type { GetServerSidePropsContext, NextApiRequest, NextApiResponse } from "next";
import type { NextRequest } from "next/server";
import { describe, expectTypeOf, it } from "vitest";

type Auth = NextAuthResult["auth"];

describe("auth", () => {
  // Each overload as an app calls it; overload resolution picks the answer's type.
  const session = (auth: Auth) => auth();
  const middleware = (auth: Auth, request: NextRequest) => auth(request);
  const wrapped = (auth: Auth) =>
    auth((request) => {
      expectTypeOf(request).toEqualTypeOf<NextAuthRequest>();
      expectTypeOf(request.auth).toEqualTypeOf<Session | null>();
      return undefined;
    });

  it("answers the session when called without arguments", () => {
    expectTypeOf<ReturnType<typeof session>>().toEqualTypeOf<Promise<Session | null>>();
  });

  it("is the middleware itself when given a request", () => {
    expectTypeOf<ReturnType<typeof middleware>>().toEqualTypeOf<Promise<Response>>();
  });

  it("answers the session in a Pages Router API route and in getServerSideProps", () => {
    const api = (auth: Auth, req: NextApiRequest, res: NextApiResponse) => auth(req, res);
    const serverProps = (auth: Auth, context: GetServerSidePropsContext) => auth(context);
    expectTypeOf<ReturnType<typeof api>>().toEqualTypeOf<Promise<Session | null>>();
    expectTypeOf<ReturnType<typeof serverProps>>().toEqualTypeOf<Promise<Session | null>>();
  });

  it("wraps a handler into one whose request carries the session", () => {
    expectTypeOf<ReturnType<typeof wrapped>>().parameter(0).toEqualTypeOf<NextRequest>();
    expectTypeOf<ReturnType<typeof wrapped>>().returns.toEqualTypeOf<Promise<Response>>();
  });
});

describe("signIn, signOut and unstable_update", () => {
  it("take a provider id, form data or options, and answer the URL", () => {
    expectTypeOf<NextAuthResult["signIn"]>().toBeCallableWith("credentials", new FormData());
    expectTypeOf<NextAuthResult["signIn"]>().toBeCallableWith(
      "github",
      { redirectTo: "/" },
      { prompt: "login" },
    );
    expectTypeOf<ReturnType<NextAuthResult["signIn"]>>().toEqualTypeOf<Promise<string>>();
    expectTypeOf<{ redirect: false; username: string }>().toMatchTypeOf<SignInOptions>();
    expectTypeOf<NextAuthResult["signOut"]>().toBeCallableWith({ redirect: false });
    expectTypeOf<NextAuthResult["unstable_update"]>().toBeCallableWith({ user: { name: "Alice" } });
    expectTypeOf<ReturnType<NextAuthResult["unstable_update"]>>().toEqualTypeOf<Promise<Session | null>>();
  });
});
