/** A setting passes.test.ts passes to these checks; they mean nothing without it. */
export function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run these checks with npm run test:nginx`);
  return value;
}
