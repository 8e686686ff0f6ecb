// cspell:locale en,it
/**
 * How readers ask, per language, where their words differ from the pages' words: question words
 * that say nothing about the topic (beyond the `stopword` lists), and groups of words that name one
 * thing, so that a question in any of them finds the pages that use another. Kept small: each word
 * of a group costs a search of its own part of the index.
 */
export interface Vocabulary {
  fillers: string[];
  synonyms: string[][];
}

export const vocabulary: Record<string, Vocabulary> = {
  en: {
    fillers: ['does', 'need', 'needs', 'use', 'used', 'sure', 'own', 'want', 'way', 'possible', 'please'],
    synonyms: [
      ['token', 'signin'],
      ['email', 'mail', 'smtp'],
      ['weekly', 'week', 'schedule'],
      ['kept', 'retention'],
    ],
  },
  it: {
    fillers: [
      'quali',
      'serve',
      'servono',
      'devo',
      'bisogna',
      'posso',
      'possono',
      'ottenere',
      'fare',
      'cosa',
      'tramite',
      'viene',
      'vengono',
      'usa',
      'modo',
    ],
    synonyms: [
      ['token', 'signin'],
      ['email', 'mail', 'smtp'],
      ['settimana', 'settimanale', 'pianificazione'],
      ['conservato', 'conservati', 'conservazione'],
      ['elencare', 'elenco'],
      ['offline', 'internet'],
    ],
  },
};
