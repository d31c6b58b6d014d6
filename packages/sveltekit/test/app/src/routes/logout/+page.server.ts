import type { Actions } from "@sveltejs/kit";
import { signOut } from "../../lib/auth";

export const actions: Actions = { default: signOut };
