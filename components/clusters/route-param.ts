/** Route segments arrive URL-encoded (context names like `admin@prod` or `arn:aws:…`); decode once, tolerating bad input. */
export function routeParam(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}
