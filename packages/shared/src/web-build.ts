/**
 * Where the web build lists the pages it drew at build time (apps/web/build/prerender-sign-in.ts
 * writes it, the server's web-build.ts reads it): a JSON object of address → DrawnPage, which
 * the server answers at that address instead of index.html. `.vite/` is hidden, so none of it is
 * ever served as a file.
 */
export const PRERENDERED_LIST = '.vite/prerendered.json';

/** A page the build drew, as the list names it. */
export interface DrawnPage {
  /** The page's file inside the build folder. */
  file: string;
  /**
   * Drawn as the page looks while the member centre is open (the members' sign-in form): while
   * it is closed the app draws something else there, so the server answers index.html.
   */
  whileMemberCentreOpen?: boolean;
}

/**
 * Stands in a drawn page for the site's name, which only the server knows: it writes the name
 * in, HTML-escaped, when it answers the page (apps/server/src/features/web/web-app.ts).
 */
export const SITE_NAME_MARK = '%PORTICO_SITE_NAME%';
