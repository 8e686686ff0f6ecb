/** What the loading screen shows: nothing before the delay, a spinner after it, or the error. */
export function loadingState({
  error,
  pastDelay,
}: {
  error?: unknown;
  pastDelay?: boolean;
}): 'hidden' | 'spinner' | 'error' {
  if (error) return 'error';
  return pastDelay ? 'spinner' : 'hidden';
}
