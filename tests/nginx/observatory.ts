// The MDN HTTP Observatory's scoring, applied to real responses: the tests it
// runs, their outcomes and score modifiers, and the grade, as published in its
// scanner @mdn/mdn-http-observatory 1.4.8 (scoring algorithm 4:
// src/analyzer/tests/*.js, src/grader/charts.js). The scanner itself cannot be
// installed offline (a dependency downloads certificates from the internet when
// installed), hence this reading of its rules. Outcomes this site cannot
// produce (cookies, CORS, external scripts, HSTS preload) are refused with an
// error rather than guessed.

export type ObservatoryInput = {
  /** The plain HTTP request of the home page and every redirect after it, in order. */
  httpRoute: Array<{url: string; status: number}>;
  /** The final HTTPS response of the home page, or null without HTTPS; `verified`: its certificate chain checked out. */
  https: {headers: Record<string, string | undefined>; body: string; verified: boolean} | null;
  /** The response the other tests read: the HTTPS one when there is one, else the plain HTTP one. */
  page: {headers: Record<string, string | undefined>; body: string};
};

export type ObservatoryResult = {score: number; grade: string; outcomes: Record<string, [string, number]>};

const SIX_MONTHS = 15552000;
const BROAD = ['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*'];
const BROAD_OR_INLINE = [...BROAD, "'unsafe-inline'", 'data:'];
const HASH_OR_NONCE = /^'(?:sha256-|sha384-|sha512-|nonce-)/;

function parseCsp(header: string): Map<string, Set<string>> {
  const csp = new Map<string, Set<string>>();
  for (const directive of header.split(';')) {
    const [name, ...sources] = directive.trim().toLowerCase().split(/\s+/);
    if (name && !csp.has(name)) csp.set(name, new Set(sources));
  }
  return csp;
}

function cspOutcome(header: string | undefined, https: boolean): [string, number] {
  if (!header) return ['csp-not-implemented', -25];
  const csp = parseCsp(header);
  const pick = (name: string) => new Set(csp.get(name) ?? csp.get('default-src') ?? ['*']);
  const script = pick('script-src');
  const style = pick('style-src');
  const object = pick('object-src');
  for (const list of [script, style]) if ([...list].some((s) => HASH_OR_NONCE.test(s))) list.delete("'unsafe-inline'");
  if (script.has("'strict-dynamic'")) throw new Error("observatory: 'strict-dynamic' is not modelled");
  const passive = ['img-src', 'media-src'];
  const active = [...csp]
    .filter(([name]) => !passive.includes(name) && name !== 'script-src')
    .flatMap(([, s]) => [...s]);
  active.push(...script);
  const passiveSources = passive.flatMap((name) => [...(csp.get(name) ?? csp.get('default-src') ?? [])]);
  const insecure = (source: string) => source.startsWith('http:') || source.startsWith('ftp:');
  if ([...script].some((s) => BROAD_OR_INLINE.includes(s)) || [...object].some((s) => BROAD.includes(s)))
    return ['csp-implemented-with-unsafe-inline', -20];
  if (https && active.some(insecure)) return ['csp-implemented-with-insecure-scheme', -20];
  if (script.has("'unsafe-eval'") || style.has("'unsafe-eval'")) return ['csp-implemented-with-unsafe-eval', -10];
  if (https && passiveSources.some(insecure))
    return ['csp-implemented-with-insecure-scheme-in-passive-content-only', -10];
  if ([...style].some((s) => BROAD_OR_INLINE.includes(s)))
    return ['csp-implemented-with-unsafe-inline-in-style-src-only', 0];
  const defaultSrc = csp.get('default-src');
  if (defaultSrc?.has("'none'") && defaultSrc.size === 1)
    return ['csp-implemented-with-no-unsafe-default-src-none', 10];
  return ['csp-implemented-with-no-unsafe', 5];
}

function redirectionOutcome(route: ObservatoryInput['httpRoute']): [string, number] {
  if (route.length === 0) return ['redirection-not-needed-no-http', 0];
  if (route.length === 1) return ['redirection-missing', -20];
  const [first, second] = route.map((step) => new URL(step.url));
  if (new URL(route[route.length - 1].url).protocol !== 'https:') return ['redirection-not-to-https', -20];
  if (second.protocol === 'http:') return ['redirection-not-to-https-on-initial-redirection', -10];
  if (first.hostname !== second.hostname) return ['redirection-off-host-from-http', -5];
  return ['redirection-to-https', 0];
}

function hstsOutcome(https: ObservatoryInput['https']): [string, number] {
  if (!https) return ['hsts-not-implemented-no-https', -20];
  if (!https.verified) return ['hsts-invalid-cert', -20];
  const header = https.headers['strict-transport-security'];
  if (!header) return ['hsts-not-implemented', -20];
  const maxAge = header
    .split(';')
    .map((part) => part.trim().toLowerCase())
    .find((part) => part.startsWith('max-age='));
  if (header.includes(',') || !maxAge) return ['hsts-header-invalid', -20];
  const seconds = parseInt(maxAge.slice(8), 10);
  return seconds < SIX_MONTHS
    ? ['hsts-implemented-max-age-less-than-six-months', -10]
    : ['hsts-implemented-max-age-at-least-six-months', 0];
}

function referrerOutcome(header: string | undefined): [string, number] {
  if (!header) return ['referrer-policy-not-implemented', 0];
  const valid = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
  const unsafe = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  const policy = header
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter((p) => [...valid, ...unsafe].includes(p))
    .pop();
  if (policy && valid.includes(policy)) return ['referrer-policy-private', 5];
  if (policy) return ['referrer-policy-unsafe', -5];
  return ['referrer-policy-header-invalid', -5];
}

function sriOutcome(body: string): [string, number] {
  const sources = [...body.matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)/gi)].map((match) => match[1]);
  if (sources.length === 0) return ['sri-not-implemented-but-no-scripts-loaded', 0];
  if (sources.some((src) => /^(?:[a-z]+:)?\/\//i.test(src)))
    throw new Error('observatory: scripts from another origin are not modelled');
  return ['sri-not-implemented-but-all-scripts-loaded-from-secure-origin', 0];
}

/** The Observatory's outcomes, score and grade for a site's home page. */
export function observatoryScore(input: ObservatoryInput): ObservatoryResult {
  const headers = input.page.headers;
  if (headers['set-cookie']) throw new Error('observatory: cookies are not modelled');
  if (headers['access-control-allow-origin']) throw new Error('observatory: CORS is not modelled');
  const csp = headers['content-security-policy'];
  const xfo = headers['x-frame-options']?.trim().toLowerCase();
  const corp = headers['cross-origin-resource-policy']?.trim().toLowerCase();
  const outcomes: Record<string, [string, number]> = {
    'content-security-policy': cspOutcome(csp, input.https !== null),
    cookies: ['cookies-not-found', 0],
    'cross-origin-resource-sharing': ['cross-origin-resource-sharing-not-implemented', 0],
    redirection: redirectionOutcome(input.httpRoute),
    'referrer-policy': referrerOutcome(headers['referrer-policy']),
    'strict-transport-security': hstsOutcome(input.https),
    'subresource-integrity': sriOutcome(input.page.body),
    'x-content-type-options':
      headers['x-content-type-options']?.trim().toLowerCase() === 'nosniff'
        ? ['x-content-type-options-nosniff', 0]
        : ['x-content-type-options-not-implemented', -5],
    'x-frame-options': parseCsp(csp ?? '').has('frame-ancestors')
      ? ['x-frame-options-implemented-via-csp', 5]
      : xfo === 'deny' || xfo === 'sameorigin'
        ? ['x-frame-options-sameorigin-or-deny', 0]
        : ['x-frame-options-not-implemented', -20],
    'cross-origin-resource-policy': !corp
      ? ['corp-not-implemented', 0]
      : corp === 'same-origin' || corp === 'same-site'
        ? [`corp-implemented-with-${corp}`, 10]
        : corp === 'cross-origin'
          ? ['corp-implemented-with-cross-origin', 0]
          : ['corp-header-invalid', -5],
  };
  const modifiers = Object.values(outcomes).map(([, modifier]) => modifier);
  const penalties = 100 + modifiers.filter((m) => m < 0).reduce((a, b) => a + b, 0);
  // Bonuses count only when the score without them is already an A (90).
  const score = Math.max(0, penalties >= 90 ? 100 + modifiers.reduce((a, b) => a + b, 0) : penalties);
  const key = Math.min(score - (score % 5), 100);
  const grades: Array<[number, string]> = [
    [100, 'A+'],
    [90, 'A'],
    [85, 'A-'],
    [80, 'B+'],
    [70, 'B'],
    [65, 'B-'],
    [60, 'C+'],
    [50, 'C'],
    [45, 'C-'],
    [40, 'D+'],
    [30, 'D'],
    [25, 'D-'],
    [0, 'F'],
  ];
  const grade = grades.find(([floor]) => key >= floor)![1];
  return {score, grade, outcomes};
}
