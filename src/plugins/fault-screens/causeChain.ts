/**
 * The message of an error followed by the messages of its causes
 * (`new Error(message, {cause})`), separated by a "Cause:" line in the
 * reader's language.
 */
export function causeChain(error: unknown): string[] {
  const messages: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current) && messages.length < 20) {
    seen.add(current);
    messages.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? (current as Error & {cause?: unknown}).cause : undefined;
  }
  return messages;
}

export function causeChainText(error: unknown, causeLabel: string): string {
  if (!causeLabel) throw new Error('causeChainText needs a label for the "Cause:" separator');
  return causeChain(error).join(`\n\n${causeLabel}\n`);
}
