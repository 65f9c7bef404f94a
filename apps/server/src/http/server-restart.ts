/**
 * Restarting the server process from a request (the module installer, after a module's server
 * code changed). Only `npm start` can do it: it runs the server under a supervisor that bundles
 * again and starts a new process. Elsewhere (tests, `tsx main.ts`) there is no one to start the
 * new process, so a restart is refused and the caller says a manual restart is needed.
 */
import type { FastifyReply } from 'fastify';

export class ServerRestart {
  private scheduled = false;

  /** `restart` closes the server gracefully and exits asking the supervisor for a new process. */
  constructor(private readonly restart?: () => void) {}

  /** Whether a supervisor can start a new server process. */
  get supported(): boolean {
    return this.restart !== undefined;
  }

  /**
   * Restarts once `reply` has gone out (so the client hears that the restart is coming);
   * answers whether a restart is scheduled. The restart itself drains requests in flight.
   */
  afterReply(reply: FastifyReply): boolean {
    const restart = this.restart;
    if (!restart) return false;
    if (!this.scheduled) {
      this.scheduled = true;
      // 'close' follows the end of the response, or a client that hung up: restart either way.
      reply.raw.once('close', () => setImmediate(restart));
    }
    return true;
  }
}
