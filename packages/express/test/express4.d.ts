// Express 4 is installed for the tests under the alias `express4`; its API is typed as Express 5's,
// which covers everything the tests use of it.
declare module "express4" {
  import express from "express";
  export default express;
}
