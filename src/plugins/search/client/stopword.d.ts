// The stopword package's per-language lists, imported one at a time (it declares no types).
declare module 'stopword/src/stopwords_eng.js' {
  export const eng: string[];
}
declare module 'stopword/src/stopwords_ita.js' {
  export const ita: string[];
}
