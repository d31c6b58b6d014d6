"use server";
/** Server functions of the fixture's pages: run on the server, called by reference from the client. */
import { getSession } from "@portcullis/solid-start";
import { getRequestEvent } from "solid-js/web";
import { appConfig } from "./auth";

/** The signed-in user's name, or null, read from the request the page is rendered for. */
export async function signedInName(): Promise<string | null> {
  const request = getRequestEvent()?.request;
  if (!request) return null;
  return (await getSession(request, appConfig))?.user?.name ?? null;
}
