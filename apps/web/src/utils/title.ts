/** The browser title: the route's title, then ' - ' and the site name when one is configured. */
export function composeTitle(title: string, siteName: string): string {
  if (!siteName) return title;
  return title ? `${title} - ${siteName}` : siteName;
}
