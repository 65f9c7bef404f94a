/**
 * How long a web test waits for what a view shows after its lazy imports and requests: the
 * wait ends as soon as it is there, so a passing run is no slower. Generous because CI's Node 24
 * run is niced beside the browser tests: on a machine running at half speed a first render
 * that imports its antd parts took over 10 s (crud-screen, sessions-card).
 */
export const WAIT_MS = 30_000;

/** For waitFor / vi.waitFor / findBy*'s options. */
export const WAIT = { timeout: WAIT_MS };
