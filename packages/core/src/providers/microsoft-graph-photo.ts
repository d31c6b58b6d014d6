/**
 * Fetches the signed-in user's photo from Microsoft Graph, for the Entra ID profile.
 *
 * @module
 */
import { boundedFetch } from "../flows/oauth/bounded-fetch";

/** Photo sizes (pixels, square) that Microsoft Graph serves. */
export type GraphPhotoSize = 48 | 64 | 96 | 120 | 240 | 360 | 432 | 504 | 648;

/** How long the photo may take; a slow Graph must not hold the sign-in up. */
const PHOTO_TIMEOUT_MS = 10_000;

/** Encodes bytes as standard base64 without Node's Buffer (core runs on Web standards only). */
function base64(bytes: Uint8Array): string {
  let binary = "";
  // Chunks keep String.fromCharCode's argument count below engine limits.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * Fetches the user's profile photo from Microsoft Graph (`/me/photos/{size}x{size}/$value`) and
 * returns it as a data URL. Any failure (no photo, expired token, network error, time-out) gives
 * `null`: a missing photo must never fail a sign-in, as in Auth.js.
 *
 * @param accessToken - The Graph access token from the token response (needs `User.Read`).
 * @param size - The square size in pixels.
 * @param graphBase - The Graph v1.0 base URL; only tests change it.
 * @returns The photo as a `data:` URL, or `null`.
 * @example
 * ```ts
 * const image = await fetchGraphPhoto(tokens.access_token, 48)
 * ```
 */
export async function fetchGraphPhoto(
  accessToken: string | undefined,
  size: GraphPhotoSize,
  graphBase = "https://graph.microsoft.com/v1.0",
): Promise<string | null> {
  if (!accessToken) return null;
  try {
    const response = await boundedFetch()(`${graphBase}/me/photos/${size}x${size}/$value`, {
      headers: { Authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(PHOTO_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const type = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    // Only an image type goes into the data URL, so a Graph error page never becomes `image`.
    const mime = type && /^image\/[a-z0-9.+-]+$/.test(type) ? type : "image/jpeg";
    const bytes = new Uint8Array(await response.arrayBuffer());
    return `data:${mime};base64,${base64(bytes)}`;
  } catch {
    return null;
  }
}
