const ENGLISH_WORDS = new Set(['the', 'and', 'of', 'to', 'is', 'with', 'for', 'you', 'this', 'that', 'are', 'from']);
const ITALIAN_WORDS = new Set([
  'il',
  'la',
  'di',
  'che',
  'per',
  'una',
  'è',
  'con',
  'del',
  'della',
  'le',
  'gli',
  'sono',
  'dei',
]);

/** Guesses the language of a text from its most common function words. */
export function guessLanguage(text: string): 'en' | 'it' | 'unknown' {
  let en = 0;
  let it = 0;
  for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) {
    if (ENGLISH_WORDS.has(word)) en += 1;
    if (ITALIAN_WORDS.has(word)) it += 1;
  }
  if (en + it < 5) return 'unknown';
  if (it > en * 2) return 'it';
  if (en > it * 2) return 'en';
  return 'unknown';
}
