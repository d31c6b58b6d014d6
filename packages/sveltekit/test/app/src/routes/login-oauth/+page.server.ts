import type { Actions } from "@sveltejs/kit";
import { oauth } from "../../lib/auth";

export const actions: Actions = { default: oauth.signIn };
