/**
 * After a page has had code added to the project (the module installer, the CRUD generator):
 * wait under "The server is restarting…" until a restarting server answers again, queue the web
 * app's rebuild in the built-in terminal (`addTaskPM('web-build', …)`, the terminal panel shown
 * with `useTerminal`); the page then loads the new screen afresh.
 */
export { addTaskPM, useTerminal } from '../../../apps/web/src/stores/terminal';
export { waitForServerRestart } from '../../../apps/web/src/utils/server-restart';
