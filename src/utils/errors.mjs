/**
 * The text of a caught value: an Error's message, anything else as a string.
 * @param {unknown} error
 */
export const messageOf = (error) => (error instanceof Error ? error.message : String(error));
