/**
 * A PNG that looks like a QR code (three finder squares and a fixed scatter of modules), for
 * screens that show a store's "Code scanning Preview": something a person looking at the
 * screenshot recognises, made here so no image file is kept in the repository.
 */
import { crc32, deflateSync } from 'node:zlib';

const MODULES = 25;
const QUIET = 2;
const SCALE = 4;

function dark(x: number, y: number): boolean {
  const finder = (fx: number, fy: number) => {
    const dx = x - fx;
    const dy = y - fy;
    if (dx < 0 || dy < 0 || dx > 6 || dy > 6) return null;
    const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
    return ring !== 2;
  };
  const inFinder = finder(0, 0) ?? finder(MODULES - 7, 0) ?? finder(0, MODULES - 7);
  if (inFinder !== null) return inFinder;
  if (x === 7 || y === 7 || x === MODULES - 8 || y === MODULES - 8) return false;
  return (x * 7 + y * 13 + x * y) % 5 < 2;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function qrLikePng(): Buffer {
  const side = (MODULES + QUIET * 2) * SCALE;
  const rows: Buffer[] = [];
  for (let py = 0; py < side; py++) {
    const row = Buffer.alloc(side + 1, 255);
    row[0] = 0;
    const y = Math.floor(py / SCALE) - QUIET;
    for (let px = 0; px < side; px++) {
      const x = Math.floor(px / SCALE) - QUIET;
      if (x >= 0 && y >= 0 && x < MODULES && y < MODULES && dark(x, y)) row[px + 1] = 0;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
