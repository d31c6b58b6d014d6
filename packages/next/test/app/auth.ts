import { NextAuth } from "@portcullis/next";
import { fixtureConfigs } from "./fixture";

// Lazy initialisation: the configuration is looked up per request.
export const {
  handlers,
  auth,
  signIn,
  signOut,
  unstable_update,
  listSessions,
  revokeSession,
  revokeOtherSessions,
  signOutEverywhere,
  revokeSessions,
  getAccessToken,
} = NextAuth(() => fixtureConfigs().config);

/** A second instance for `/me-broken`. */
export const broken = NextAuth(() => fixtureConfigs().broken);
