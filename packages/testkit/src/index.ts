/** The private test kit: HTTP helpers and real peers, started and stopped by tests. */
export {
  type ClientRequestInit,
  CookieJar,
  type Handler,
  type JarCookie,
  parseSetCookie,
  TestClient,
} from "./client";
