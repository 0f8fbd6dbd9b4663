/**
 * The browser's compression before an upload (docs/product.md §7), loaded on first use: neither this
 * module nor browser-image-compression is part of the profile screen's first load.
 */
import { PROFILE_PICTURE_COMPRESSION, profilePictureMessages as m } from '@kuku/domain';
import type { CompressAnswer, CompressRequest } from './compress-worker';

// Never the library's own worker (its code from a CDN): ours, or this thread.
const OPTIONS = { ...PROFILE_PICTURE_COMPRESSION, useWebWorker: false };

function inWorker(file: File): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./compress-worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<CompressAnswer>) => {
      worker.terminate();
      if (event.data.ok) resolve(event.data.file);
      else reject(new Error(event.data.message));
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(event.message));
    });
    worker.postMessage({ file, options: OPTIONS } satisfies CompressRequest);
  });
}

/** The picture at most 1024 px a side and about 1 MB, as a file named like the original. */
export async function compressPicture(file: File): Promise<File> {
  let blob: Blob;
  try {
    if (typeof Worker !== 'function') throw new Error('No web workers here.');
    blob = await inWorker(file);
  } catch {
    // A worker that cannot draw (no OffscreenCanvas, as in older Safari): on this thread, as the library itself falls back.
    try {
      // Fetched only here: where the worker works, the library comes with it and not twice.
      const { default: imageCompression } = await import('browser-image-compression');
      blob = await imageCompression(file, OPTIONS);
    } catch (error) {
      // The library rejects with an image's error Event when the browser cannot decode the file.
      throw new Error(error instanceof Error && error.message ? error.message : m.unreadableImage, { cause: error });
    }
  }
  return new File([blob], file.name, { type: blob.type || file.type });
}
