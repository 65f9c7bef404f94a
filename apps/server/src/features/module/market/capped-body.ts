/**
 * Reading a store's answer without trusting its size: MARKET_URL may name someone else's
 * server, which can declare no length, or a false one, and send without end. The body is read
 * chunk by chunk and the transfer cancelled (the connection closed) as soon as it passes the
 * cap, so the site never holds more than the cap of it.
 */

/** A store answer larger than this is not one the market screens or the installer asked for. */
export const MAX_MARKET_ANSWER_BYTES = 2 * 1024 * 1024;

/** The body, or null when it is larger than `maxBytes` (what arrived is dropped, the rest never read). */
export async function readCappedBody(
  response: Response,
  maxBytes = MAX_MARKET_ANSWER_BYTES,
): Promise<Buffer | null> {
  const body = response.body;
  if (!body) return Buffer.alloc(0);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await body.cancel().catch(() => {});
    return null;
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks, size);
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
}
