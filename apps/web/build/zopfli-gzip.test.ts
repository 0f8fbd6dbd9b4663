import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zopfliGzip } from './zopfli-gzip';

const SOURCES = ['../src/app/router.tsx', '../src/ui/data-table.tsx', '../src/lib/api-client.ts', '../vite.config.ts'].map((file) =>
  readFileSync(path.resolve(__dirname, file)),
);

describe('the .gz files, by Zopfli (decision 069)', () => {
  it('unzip to their source, asked for side by side, and are smaller than zlib at its best', async () => {
    const zipped = await Promise.all(SOURCES.map((source) => zopfliGzip(source)));
    zipped.forEach((zip, i) => expect(gunzipSync(zip).equals(SOURCES[i]!)).toBe(true));
    const size = (list: Buffer[]) => list.reduce((sum, b) => sum + b.length, 0);
    expect(size(zipped)).toBeLessThan(size(SOURCES.map((source) => gzipSync(source, { level: 9 }))));
  });
});
