/**
 * The client declares the server's answer shapes itself, so it ships with no dependency on the
 * core; these checks (run by the type-check) keep the two declarations from drifting apart.
 */
import type * as Core from "@portcullis/core";
import { describe, expectTypeOf, it } from "vitest";
import type * as Client from "../src/types";

describe("the client's copies of the core's wire types", () => {
  it("lists the same provider types and provider fields as the providers action", () => {
    expectTypeOf<Client.ProviderType>().toEqualTypeOf<Core.ProviderType>();
    expectTypeOf<Client.PublicProvider>().toEqualTypeOf<Core.PublicProvider>();
  });

  it("reads every session the session action can answer", () => {
    expectTypeOf<Core.Session["user"]>().toMatchTypeOf<Client.Session["user"]>();
    expectTypeOf<Core.Session["expires"]>().toEqualTypeOf<Client.Session["expires"]>();
  });
});
