// Mermaid's own parser, run in Node. Mermaid sanitises label text with DOMPurify, which needs a
// browser DOM; parsing does not, so without one DOMPurify gets no-op hooks and an identity
// sanitiser. Syntax errors come from Mermaid's grammars exactly as in the browser.
import DOMPurify from 'dompurify';
import {messageOf} from '../../utils/errors.mjs';

if (typeof DOMPurify.addHook !== 'function') {
  const stub = /** @type {any} */ (DOMPurify);
  stub.addHook = () => {};
  stub.removeHook = () => {};
  stub.removeAllHooks = () => {};
  stub.sanitize = (/** @type {unknown} */ text) => String(text);
}
/** @type {import('mermaid').Mermaid | undefined} */
let mermaid;

/**
 * Null when the diagram parses, else Mermaid's error message.
 * @param {string} code
 */
export async function parseMermaid(code) {
  mermaid ??= (await import('mermaid')).default;
  try {
    await mermaid.parse(code);
    return null;
  } catch (error) {
    return messageOf(error);
  }
}
