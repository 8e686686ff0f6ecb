// @ts-check
import yaml from 'js-yaml';

/**
 * A Markdown file's front matter, read as YAML (as Docusaurus reads it), and its body.
 * Fields are returned as text (a number such as sidebar_position becomes "4"); a file with no
 * front matter gives no fields; invalid YAML throws with the parser's message.
 * @param {string} text
 * @returns {{fields: Record<string, string>, body: string}}
 */
export function parseFrontMatter(text) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  if (!match) return {fields: {}, body: text};
  const data = yaml.load(match[1]) ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new Error('front matter is not a YAML mapping');
  const fields = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : String(value)]),
  );
  return {fields, body: text.slice(match[0].length)};
}
