import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { serverRoot } from './paths.js';

describe('loadConfig: DATA_DIR', () => {
  const repoRoot = path.resolve(serverRoot, '../..');

  it('defaults to data/ at the repository root, wherever the command runs', () => {
    expect(loadConfig({ INIT_CWD: '/somewhere/else' }).dataDir).toBe(path.join(repoRoot, 'data'));
  });

  it('takes a relative directory from where npm was run, an absolute one as it is', () => {
    expect(loadConfig({ DATA_DIR: 'farm-data', INIT_CWD: '/srv/kuku' }).dataDir).toBe('/srv/kuku/farm-data');
    expect(loadConfig({ DATA_DIR: '/var/lib/kuku', INIT_CWD: '/srv/kuku' }).dataDir).toBe('/var/lib/kuku');
    expect(loadConfig({ DATA_DIR: 'memory://' }).dataDir).toBe('memory://');
  });

  it('refuses a bad value with a clear line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid configuration: PORT/);
  });
});
