import type { Actions } from "@sveltejs/kit";
import { signIn } from "../../lib/auth";

export const actions: Actions = { default: signIn };
