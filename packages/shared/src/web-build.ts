/**
 * Where the web build lists the pages it drew at build time (apps/web/build/prerender-sign-in.ts
 * writes it, the server's web-build.ts reads it): a JSON object of address → file inside the
 * build folder, which the server answers at that address instead of index.html. `.vite/` is
 * hidden, so none of it is ever served as a file.
 */
export const PRERENDERED_LIST = '.vite/prerendered.json';
