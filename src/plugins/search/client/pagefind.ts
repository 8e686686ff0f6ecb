// cspell:ignore zzqq kubernets
/**
 * Stands in for the search theme's `searchByWorker` module: the theme's search bar and search
 * page stay as they are (their strings, keyboard use and layout), but the results come from
 * the language's Pagefind index (src/plugins/search), which is fetched in small parts
 * as queries need them instead of as one file of the whole language.
 */
import {vocabulary} from './vocabulary';

/** The parts of Pagefind's browser API used here (pagefind.js, loaded from the site itself). */
interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
  locations: number[];
}
interface PagefindData {
  url: string;
  meta: {title?: string; breadcrumb?: string};
  excerpt: string;
  sub_results: PagefindSubResult[];
}
export interface PagefindApi {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(term: string): Promise<{results: PagefindResult[]} | null>;
}
interface PagefindResult {
  id: string;
  score: number;
  data(): Promise<PagefindData>;
}

/** The shapes the theme's templates read (see its shared/interfaces). */
interface SearchDocument {
  i: number;
  t: string;
  u: string;
  h?: string;
  p?: number;
  s?: string;
  b?: string[];
}
type Positions = Array<[number, number]>;
interface SearchResult {
  document: SearchDocument;
  type: 0 | 4;
  page: SearchDocument | false;
  metadata: Record<string, {t: {position: Positions}}>;
  tokens: string[];
  isLastOfTree?: boolean;
}

const TITLE = 0;
const CONTENT = 4;

/**
 * Words too common to search for (from the maintained `stopword` lists, one small chunk per
 * language): each word of a query costs a part of the index, and a page need not hold "the".
 */
const STOP_WORDS: Record<string, () => Promise<string[]>> = {
  en: () => import('stopword/src/stopwords_eng.js').then((list) => list.eng),
  it: () => import('stopword/src/stopwords_ita.js').then((list) => list.ita),
};

interface Engine {
  api: PagefindApi;
  stopWords: Set<string>;
}

const engines = new Map<string, Promise<Engine>>();

function engine(baseUrl: string): Promise<Engine> {
  let loading = engines.get(baseUrl);
  if (!loading) {
    loading = (async () => {
      const url = `${baseUrl}pagefind/pagefind.js`;
      // Never another origin, whatever the base URL says.
      if (new URL(url, location.href).origin !== location.origin) throw new Error('Unexpected search URL');
      const [api, stopWords] = await Promise.all([
        import(/* webpackIgnore: true */ url) as Promise<PagefindApi>,
        (STOP_WORDS[document.documentElement.lang] ?? (async () => []))(),
      ]);
      // Highlighting is the theme's (the `_highlight` parameter and mark.js), not Pagefind's.
      await api.options({baseUrl: '/', excerptLength: 24, highlightParam: null});
      await api.init();
      return {api, stopWords: new Set(stopWords)};
    })();
    // A failed load may be retried at the next focus.
    loading.catch(() => engines.delete(baseUrl));
    engines.set(baseUrl, loading);
  }
  return loading;
}

/** Loads the search code and the index's entry file when the reader reaches for the search box. */
export async function fetchIndexesByWorker(baseUrl: string): Promise<void> {
  await engine(baseUrl);
}

/** The query's words, as the theme highlights them. */
export function queryTokens(input: string): string[] {
  return input
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean);
}

/** The words worth searching for: all of them if the query holds nothing but common words. */
export function searchWords(tokens: string[], stopWords: Set<string>): string[] {
  const words = [...new Set(tokens)];
  const meaningful = words.filter((word) => !stopWords.has(word));
  return meaningful.length > 0 ? meaningful : words;
}

/** Whether a word of a title is a form of a query word (shared stem), for highlighting only. */
function sameStem(word: string, token: string): boolean {
  if (Math.min(word.length, token.length) < 3) return word === token;
  let common = 0;
  while (common < word.length && common < token.length && word[common] === token[common]) common += 1;
  return (
    common === word.length || common === token.length || common >= Math.max(3, Math.min(word.length, token.length) - 2)
  );
}

/** Where a text's words match the query, as [start, length] pairs. */
export function wordPositions(text: string, tokens: string[]): Positions {
  const positions: Positions = [];
  for (const match of text.matchAll(/[\p{L}\p{N}_]+/gu)) {
    const word = match[0].toLowerCase();
    if (tokens.some((token) => sameStem(word, token))) positions.push([match.index, match[0].length]);
  }
  return positions;
}

/**
 * Whether a page's marked words are forms of the query's words. When a word matches nothing,
 * Pagefind falls back to shorter words the query starts with ("zzqq" finds "z"), which is noise;
 * a misspelt word keeps its stem ("kubernets" finds "Kubernetes").
 */
export function matchesQuery(excerpts: string[], tokens: string[]): boolean {
  const marked = excerpts.flatMap((excerpt) => [...excerpt.matchAll(/<mark>(.*?)<\/mark>/g)].map((match) => match[1]));
  if (marked.length === 0) return true;
  return marked.some((words) =>
    queryTokens(decode(words)).some((word) => tokens.some((token) => sameStem(word, token))),
  );
}

/** Pagefind's excerpt (text with `<mark>` around matched words) as plain text and the marks' positions. */
export function fromExcerpt(excerpt: string): {text: string; positions: Positions} {
  const positions: Positions = [];
  let text = '';
  for (const part of excerpt.split(/(<mark>.*?<\/mark>)/)) {
    const marked = /^<mark>(.*)<\/mark>$/.exec(part);
    const plain = decode(marked ? marked[1] : part);
    if (marked) positions.push([text.length, plain.length]);
    text += plain;
  }
  return {text, positions};
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'"};

/** Pagefind's excerpts escape only these. */
function decode(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name]);
}

/**
 * The matched words' positions as the theme's highlighter reads them (lunr's match data). It needs
 * at least one: when nothing in the text matches, an empty one at the start.
 */
function metadataOf(positions: Positions): SearchResult['metadata'] {
  return {'': {t: {position: positions.length > 0 ? positions : [[0, 0]]}}};
}

/**
 * The query's words worth searching for, each with the words its language's pages may use for it
 * instead (./vocabulary.ts): common and question words left out, unless nothing else is left.
 */
export function queryGroups(input: string, stopWords: Set<string>, language: string): string[][] {
  const {fillers, synonyms} = vocabulary[language] ?? {fillers: [], synonyms: []};
  const words = searchWords(queryTokens(input), new Set([...stopWords, ...fillers]));
  return words.map((word) => [
    word,
    ...(synonyms.find((group) => group.includes(word)) ?? []).filter((w) => w !== word),
  ]);
}

/**
 * A reader's question often holds a word the right page does not, so pages are not required to
 * hold every word: each page's score is the sum, over the query's words, of its best score for
 * that word or one of its synonyms. A page missing a word common to many pages loses little
 * (Pagefind scores a common word low); one missing the rare, telling word loses much.
 */
export async function rankedResults(
  search: (term: string) => Promise<{results: PagefindResult[]} | null>,
  groups: string[][],
): Promise<PagefindResult[] | null> {
  if (groups.length === 1 && groups[0].length === 1) return (await search(groups[0][0]))?.results ?? null;
  const found = await Promise.all(groups.map((group) => Promise.all(group.map((word) => search(word)))));
  if (found.flat().includes(null)) return null;
  const pages = new Map<string, {result: PagefindResult; score: number}>();
  for (const alternatives of found) {
    const best = new Map<string, PagefindResult>();
    for (const result of alternatives.flatMap((answer) => answer!.results)) {
      if ((best.get(result.id)?.score ?? -1) < result.score) best.set(result.id, result);
    }
    for (const result of best.values()) {
      const entry = pages.get(result.id) ?? {result, score: 0};
      pages.set(result.id, {result: entry.result, score: entry.score + result.score});
    }
  }
  return [...pages.values()].sort((a, b) => b.score - a.score).map(({result}) => result);
}

/** The pages a query finds, best first, as the search bar and page list them (and the relevance test reads). */
export async function findPages(api: PagefindApi, stopWords: Set<string>, language: string, input: string) {
  const groups = queryGroups(input, stopWords, language);
  if (groups.length === 0) return {tokens: [], found: []};
  const tokens = groups.flat();
  return {tokens, found: await rankedResults((term) => api.search(term), groups)};
}

/** Pages whose section is shown in the search bar's list (the rest show their title only). */
const BAR_SECTIONS = 3;
/** Pages on the search page: each costs a small download, so not the whole language. */
const PAGE_RESULTS = 20;

/**
 * The query's results in the theme's shapes: each page's title, followed by the section that
 * matched most with an excerpt. `limit` is the number of entries: the search bar asks for a
 * few (the first pages get their section, so that more pages fit), the search page for many.
 */
export async function searchByWorker(
  baseUrl: string,
  _searchContext: string,
  input: string,
  limit: number,
): Promise<SearchResult[]> {
  if (queryTokens(input).length === 0) return [];
  const {api, stopWords} = await engine(baseUrl);
  const {tokens, found} = await findPages(api, stopWords, document.documentElement.lang, input);
  if (!found) return []; // a newer query replaced this one
  const searchPage = limit > PAGE_RESULTS;
  const withSection = searchPage ? PAGE_RESULTS : BAR_SECTIONS;
  const pageCount = searchPage ? PAGE_RESULTS : Math.max(1, limit - BAR_SECTIONS);
  const pages = (await Promise.all(found.slice(0, pageCount).map((result) => result.data()))).filter((data) =>
    matchesQuery([data.excerpt, ...data.sub_results.map((sub) => sub.excerpt)], tokens),
  );
  const results: SearchResult[] = [];
  pages.forEach((data, index) => {
    const title = data.meta.title ?? data.url;
    const page: SearchDocument = {
      i: index * 2,
      t: title,
      // Pagefind gives a folder's index.html the folder's URL, with its "/"; the site's routes have none.
      u: data.url.replace(/\/$/, ''),
      b: data.meta.breadcrumb ? data.meta.breadcrumb.split(' › ') : [],
    };
    const titlePositions = wordPositions(title, tokens);
    const section = data.sub_results.reduce<PagefindSubResult | undefined>(
      (best, sub) => (best && best.locations.length >= sub.locations.length ? best : sub),
      undefined,
    );
    // A page whose title matches is listed by its title, with its best section below it for the
    // first pages; any other page by its best section, under its path and title, as the theme does.
    if (titlePositions.length > 0 || !section) {
      results.push({document: page, type: TITLE, page: false, metadata: metadataOf(titlePositions), tokens});
      if (index >= withSection || !section) return;
    }
    const excerpt = fromExcerpt(section.excerpt);
    const {text} = excerpt;
    const positions = excerpt.positions.length > 0 ? excerpt.positions : wordPositions(text, tokens);
    const hash = section.url.includes('#') ? section.url.slice(section.url.indexOf('#')) : '';
    const underTitle = results.at(-1)?.document === page;
    results.push({
      document: {i: index * 2 + 1, t: text, u: page.u, h: hash, p: page.i, s: section.title || title},
      type: CONTENT,
      page,
      metadata: metadataOf(positions),
      tokens,
      // The theme draws a section right below its page's title as a branch of it.
      ...(underTitle ? {isLastOfTree: true} : {}),
    });
  });
  return results.slice(0, limit);
}
