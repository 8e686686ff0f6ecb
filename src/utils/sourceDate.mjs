// @ts-check
/**
 * The build's date: SOURCE_DATE_EPOCH (seconds since 1970, the reproducible-builds.org
 * convention; `git log -1 --format=%ct` gives the last commit's) when set, else now. Every date a
 * build writes (security.txt's Expires, the PDF covers and metadata, archive entries) comes from
 * here, so two builds of one commit are byte-identical.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function sourceDate(env = process.env) {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch === undefined || epoch === '') return new Date();
  if (!/^\d+$/.test(epoch)) throw new Error(`SOURCE_DATE_EPOCH must be whole seconds since 1970, got "${epoch}"`);
  return new Date(Number(epoch) * 1000);
}
