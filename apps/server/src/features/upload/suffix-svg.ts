/**
 * `GET /admin/ajax/buildSuffixSvg` and `/api/ajax/buildSuffixSvg`: a document icon with a
 * file's suffix on a coloured band (as in the original), for files without a preview.
 * The colour comes from the label, so each suffix keeps its colour.
 */
import { AdminController } from '@portico/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { SchemaRequest } from '../../http/route-schema.js';
import { adminController, apiRoute, defineAction } from '../../http/routes.js';

const suffixQuery = z.object({
  suffix: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,10}$/, 'Parameter %s is invalid')
    .default('file')
    .describe('The file suffix shown on the band (its first 4 letters, upper-cased).'),
  background: z
    .string()
    .trim()
    .regex(/^(#[0-9a-fA-F]{3,8}|rgb\(\d{1,3},\d{1,3},\d{1,3}\))$/, 'Parameter %s is invalid')
    .optional()
    .describe(
      "The band's colour (`#rgb`, `#rrggbb` or `rgb(r,g,b)`); by default one derived from the suffix.",
    ),
});

function adler32(text: string): number {
  let a = 1;
  let b = 0;
  for (const byte of Buffer.from(text)) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** The original's colour: the big-endian Adler-32 digest read as a little-endian integer. */
function suffixColor(label: string): string {
  const digest = Buffer.alloc(4);
  digest.writeUInt32BE(adler32(label));
  const hue = digest.readUInt32LE(0) % 360;
  const [r, g, b] = hsvToRgb(hue / 360, 0.3, 0.9);
  return `rgb(${r},${g},${b})`;
}

function hsvToRgb(h: number, s: number, v: number): [number, number, number] {
  const i = Math.floor(h * 6);
  const f = h * 6 - i;
  const p = v * (1 - s);
  const q = v * (1 - f * s);
  const t = v * (1 - (1 - f) * s);
  const sets: [number, number, number][] = [
    [v, t, p],
    [q, v, p],
    [p, v, t],
    [p, q, v],
    [t, p, v],
    [v, p, q],
  ];
  const [r, g, b] = sets[i % 6] ?? [v, v, v];
  return [Math.floor(r * 255), Math.floor(g * 255), Math.floor(b * 255)];
}

function suffixSvg(suffix: string, background?: string): string {
  const label = suffix.toUpperCase().slice(0, 4);
  const color = background ?? suffixColor(label);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512"><path d="M96 16h240l112 112v352a16 16 0 0 1-16 16H96a16 16 0 0 1-16-16V32a16 16 0 0 1 16-16z" fill="#e6e8eb"/><path d="M336 16v96a16 16 0 0 0 16 16h96z" fill="#c9ccd1"/><rect x="80" y="300" width="352" height="150" fill="${color}"/><text x="256" y="420" font-family="Verdana,sans-serif" font-size="124" font-weight="bold" fill="#fff" text-anchor="middle">${label}</text></svg>`;
}

export function registerSuffixSvgRoutes(app: FastifyInstance, ctx: AppContext): void {
  const schema = {
    summary: "An SVG document icon showing a file's suffix",
    query: suffixQuery,
    data: z.null(),
    produces: 'image/svg+xml',
  };
  const handler = async (request: SchemaRequest<typeof schema>, reply: FastifyReply) => {
    const { suffix, background } = request.query;
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cache-control', 'public, max-age=86400')
      .send(suffixSvg(suffix, background));
  };
  // The original client puts its token in the picture's address: an <img> sends no headers.
  const adminSchema = {
    ...schema,
    query: suffixQuery.extend({
      batoken: z
        .string()
        .optional()
        .describe("The administrator's token, for an <img> that cannot send the batoken header."),
    }),
  };
  adminController(app, ctx, AdminController.ajax, [
    defineAction({
      action: 'buildSuffixSvg',
      method: 'GET',
      access: 'login',
      imageUrl: true,
      schema: adminSchema,
      handler,
    }),
  ]);
  apiRoute(app, ctx, {
    path: 'ajax/buildSuffixSvg',
    action: 'buildSuffixSvg',
    method: 'GET',
    access: 'public',
    schema,
    handler,
  });
}
