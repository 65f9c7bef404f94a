/**
 * What a file's first bytes say it is, and an image's size, for the raster formats
 * uploads accept. Read from the bytes, never from the name or the client's MIME type.
 */
export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'ico';

export interface ImageInfo {
  type: ImageType;
  width: number;
  height: number;
}

export function imageInfo(bytes: Buffer): ImageInfo | null {
  if (bytes.length < 12) return null;
  if (bytes.readUInt32BE(0) === 0x89504e47 && bytes.length >= 24) {
    return { type: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.toString('latin1', 0, 6) === 'GIF87a' || bytes.toString('latin1', 0, 6) === 'GIF89a') {
    return { type: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (bytes[0] === 0x42 && bytes[1] === 0x4d && bytes.length >= 26) {
    return { type: 'bmp', width: bytes.readInt32LE(18), height: Math.abs(bytes.readInt32LE(22)) };
  }
  if (bytes.readUInt32BE(0) === 0x00000100 && bytes.length >= 8) {
    return { type: 'ico', width: bytes[6] || 256, height: bytes[7] || 256 };
  }
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return webp(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpeg(bytes);
  return null;
}

function webp(bytes: Buffer): ImageInfo | null {
  if (bytes.length < 30) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X')
    return { type: 'webp', width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { type: 'webp', width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ')
    return { type: 'webp', width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  return null;
}

/** Walks the JPEG segments to the first start-of-frame marker. */
function jpeg(bytes: Buffer): ImageInfo | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    const length = bytes.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame)
      return { type: 'jpeg', height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return null;
}
