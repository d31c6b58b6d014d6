import type { AuthConfig } from "@portcullis/core";
import type { RequestEvent } from "@sveltejs/kit";
import type { SvelteKitAuthConfig } from "./types";

/** The configuration for one request event: the given object, or what the function answers. */
export async function configFor(config: SvelteKitAuthConfig, event: RequestEvent): Promise<AuthConfig> {
  return typeof config === "function" ? config(event) : config;
}
