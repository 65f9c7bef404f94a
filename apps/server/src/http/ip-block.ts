/**
 * The `no_access_ip` setting: addresses (one per line, or comma-separated) and IPv4 CIDR
 * ranges that get HTTP 403 "No permission request" from the API (`/admin/*`, `/api/*`).
 * The original checks in its API controllers only, so the health check, the web app's
 * files and uploads stay reachable, as they are when a web server serves them.
 */
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sendEnvelope } from './envelope.js';
import { Code } from './errors.js';
import type { SettingReader } from './route-services.js';

function ipv4ToNumber(ip: string): number | null {
  if (isIP(ip) !== 4) return null;
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** Whether `ip` is listed, exactly or inside an IPv4 range such as 10.0.0.0/8. */
export function ipListed(ip: string, list: string): boolean {
  const address = ip.replace(/^::ffff:/, '');
  for (const raw of list.split(/[\s,]+/)) {
    const entry = raw.trim();
    if (!entry) continue;
    if (!entry.includes('/')) {
      if (entry === address) return true;
      continue;
    }
    const [base = '', bitsText = ''] = entry.split('/');
    const bits = Number(bitsText);
    const start = ipv4ToNumber(base);
    const value = ipv4ToNumber(address);
    if (start === null || value === null || !Number.isInteger(bits) || bits < 0 || bits > 32) continue;
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if ((start & mask) >>> 0 === (value & mask) >>> 0) return true;
  }
  return false;
}

const API_ROUTE = /^\/(admin|api)\//i;

export function registerIpBlock(app: FastifyInstance, ctx: { settings: SettingReader }): void {
  app.addHook('onRequest', async (request, reply) => {
    // The matched route's pattern, not the raw URL: a query string, letter case or
    // percent-encoding cannot move a request in or out of the API.
    const route = request.routeOptions.url;
    if (!route || !API_ROUTE.test(route)) return;
    const list = await ctx.settings.get('no_access_ip');
    if (list && ipListed(request.ip, list)) {
      return sendEnvelope(request, reply.status(403), Code.error, 'No permission request', null);
    }
  });
}
