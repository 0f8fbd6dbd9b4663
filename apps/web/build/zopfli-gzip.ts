import { gunzipSync, type InputType } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

let queue: Promise<unknown> = Promise.resolve();

/**
 * Gzip by Zopfli for the precompressed `.gz` files (decision 069): a standard gzip stream, 3–4 %
 * smaller than zlib's best on the app's chunks, made once at build. One at a time (the library
 * shares one WebAssembly memory: run side by side, its output was garbage), and each checked by
 * unzipping it again, so a bad file stops the build rather than reaching a phone.
 */
export function zopfliGzip(source: InputType): Promise<Buffer> {
  const input = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source instanceof ArrayBuffer ? new Uint8Array(source) : new Uint8Array(source.buffer, source.byteOffset, source.byteLength));
  const done = queue.then(async () => {
    const output = Buffer.from(await gzipAsync(input, { numiterations: 15 }));
    if (!gunzipSync(output).equals(input)) throw new Error('zopfli-gzip: the compressed file does not unzip to its source');
    return output;
  });
  queue = done.catch(() => undefined);
  return done;
}
