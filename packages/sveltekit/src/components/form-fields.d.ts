/** Types of the components' field helpers (see form-fields.js). */
export declare const EMAIL_PROVIDERS: ReadonlySet<string>;
export declare function optionFields(
  options: Record<string, unknown> | FormData | undefined,
): Array<[string, string]>;
export declare function authorizationFields(
  params: string | Record<string, string> | string[][] | URLSearchParams | undefined,
): Array<[string, string]>;
export declare function actionOf(base: string, page: string): string;
