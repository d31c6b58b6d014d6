import { redirect, type ServerLoad } from "@sveltejs/kit";

/** Signed-in visitors see their name; anyone else is sent to the sign-in page and back. */
export const load: ServerLoad = async ({ locals, url }) => {
  const session = await locals.auth();
  if (!session) redirect(303, `/login?redirectTo=${encodeURIComponent(url.pathname)}`);
  return { name: session.user?.name ?? null };
};
