/** Path of the static Swagger UI page for a site served at `rootBaseUrl`. */
export function swaggerHref(rootBaseUrl: string): string {
  if (!rootBaseUrl.startsWith('/')) {
    throw new Error(`Base URL must start with "/", got "${rootBaseUrl}"`);
  }
  const base = rootBaseUrl.endsWith('/') ? rootBaseUrl : `${rootBaseUrl}/`;
  return `${base}swagger/index.html`;
}
