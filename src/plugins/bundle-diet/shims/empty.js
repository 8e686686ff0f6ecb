// Stands in for theme-classic's Prism client module (see ../index.ts): a module of its own rather
// than the bundler's `false`, whose "ignored" id would embed the site's absolute path.
