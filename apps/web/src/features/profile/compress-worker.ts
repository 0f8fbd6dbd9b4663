/**
 * Compresses a chosen picture off the main thread (docs/product.md §7: quality 0.6, in a web worker), so
 * a cheap phone's screen stays responsive. A worker of the app's own origin: the library's own
 * worker would fetch its code from a CDN, which the CSP and an offline farm both refuse.
 * It imports the library only: the options come with the file (the domain would bring zod).
 */
import imageCompression, { type Options } from 'browser-image-compression';

export interface CompressRequest {
  file: File;
  options: Options;
}

export type CompressAnswer = { ok: true; file: Blob } | { ok: false; message: string };

self.addEventListener('message', (event: MessageEvent<CompressRequest>) => {
  // Inside a worker the library draws on an OffscreenCanvas itself.
  imageCompression(event.data.file, { ...event.data.options, useWebWorker: false }).then(
    (file) => self.postMessage({ ok: true, file } satisfies CompressAnswer),
    (error: unknown) => self.postMessage({ ok: false, message: error instanceof Error ? error.message : '' } satisfies CompressAnswer),
  );
});
