/**
 * @portcullis/migrate: the codemod that moves an Auth.js app to Portcullis. The command line is
 * `npx @portcullis/migrate`; these are the same steps as functions.
 *
 * @module
 */
export { isPortcullisEntryPoint, PORTCULLIS_EXPORTS, PROVIDER_IDS } from "./entry-points";
export { type MigrateOptions, type MigrateReport, migrate } from "./migrate";
export { rewritePackageJson } from "./rewrite-package-json";
export { type ManualStep, rewriteSource, type SourceRewrite, type WrappedProvider } from "./rewrite-source";
export { rewriteSvelte } from "./rewrite-svelte";
export {
  type ManifestFacts,
  missingExport,
  replacementPackages,
  rewriteSpecifier,
  type SpecifierRewrite,
} from "./specifiers";
