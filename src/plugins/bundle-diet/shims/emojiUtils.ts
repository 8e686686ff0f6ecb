// theme-common's extractLeadingEmoji (swapped in by src/plugins/bundle-diet/internals.ts), used by the
// stock DocCard for every card's label. Upstream builds an Intl.Segmenter when its module loads and
// tests each label's first grapheme against /^\p{RGI_Emoji}$/v: on a category page that was about
// 85 ms (the segmenter) and 170 ms (the regular expression) of main thread with the CPU slowed 4x.
// Same results, without either for a label that cannot start with an emoji.

/**
 * The code points below U+2000 with Unicode's Emoji property: every RGI emoji starts with a code point
 * that has it, and none of the others below U+2000 does (`tests/unit/bundle-diet/emoji-utils.test.ts` checks both).
 */
export const EMOJI_STARTS_BELOW_2000 = '#*0123456789\u00a9\u00ae';

// Both built on first need: building the expression alone took 119 ms with the CPU slowed 4x.
let segmenter: Intl.Segmenter | undefined;
let rgiEmoji: RegExp | undefined;

/** As upstream: "⚠️ Hello" gives "⚠️" and " Hello"; a string without a leading emoji is returned as its rest. */
export function extractLeadingEmoji(input: string): {emoji: string | null; rest: string} {
  const first = input.charCodeAt(0);
  if (Number.isNaN(first) || (first < 0x2000 && !EMOJI_STARTS_BELOW_2000.includes(input[0]))) {
    return {emoji: null, rest: input};
  }
  segmenter ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'});
  // Upstream's expression, from a string: TypeScript's target here predates the `v` flag.
  rgiEmoji ??= new RegExp(String.raw`^\p{RGI_Emoji}$`, 'v');
  const grapheme = segmenter.segment(input)[Symbol.iterator]().next().value?.segment;
  if (!grapheme || !rgiEmoji.test(grapheme)) return {emoji: null, rest: input};
  return {emoji: grapheme, rest: input.slice(grapheme.length)};
}
