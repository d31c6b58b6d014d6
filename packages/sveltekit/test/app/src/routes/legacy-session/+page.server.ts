import type { ServerLoad } from "@sveltejs/kit";

/** As Auth.js's SvelteKit example reads the session: through the deprecated locals.getSession(). */
export const load: ServerLoad = async (event) => {
  const session = await event.locals.getSession();
  return { name: session?.user?.name ?? null, sameRead: event.locals.getSession() === event.locals.auth() };
};
