/**
 * Svelte components: the `<script>` blocks are TypeScript or JavaScript, rewritten like any
 * source; the markup around them is left byte for byte.
 */
import { rewriteSource, type SourceRewrite } from "./rewrite-source";

const SCRIPT = /(<script\b[^>]*>)([\s\S]*?)(<\/script\s*>)/gi;

/**
 * Rewrites the script blocks of a `.svelte` file.
 *
 * @param text The component's source.
 * @param fileName Its name, for the report.
 * @returns The new text, whether it changed, what was left for a person and the provider objects
 * wrapped (lines counted in the whole file).
 * @example
 * ```ts
 * rewriteSvelte('<script>import { SignIn } from "@auth/sveltekit/components"</script>', "+page.svelte")
 * ```
 */
export function rewriteSvelte(text: string, fileName: string): SourceRewrite {
  const result: SourceRewrite = { text, changed: false, manual: [], wrapped: [] };
  result.text = text.replace(SCRIPT, (whole, open: string, body: string, close: string, offset: number) => {
    const lang = /\blang=["']?(ts|typescript)\b/i.test(open) ? "ts" : "js";
    const inner = rewriteSource(body, `${fileName}.${lang}`);
    const linesBefore = text.slice(0, offset + open.length).split("\n").length - 1;
    for (const step of inner.manual)
      result.manual.push({ ...step, file: fileName, line: step.line + linesBefore });
    for (const provider of inner.wrapped)
      result.wrapped.push({ ...provider, file: fileName, line: provider.line + linesBefore });
    if (!inner.changed) return whole;
    result.changed = true;
    return `${open}${inner.text}${close}`;
  });
  return result;
}
