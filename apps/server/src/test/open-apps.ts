/**
 * The apps createTestApp opened in this worker, each with its database: closed after each file by
 * test/setup.ts. An afterAll that createTestApp registered itself never ran when it was called from
 * a beforeAll, as most files do, so each file's app and database stayed open (decision 053). This
 * module imports nothing: the set-up file loads it before a test file's vi.mock takes effect.
 */
const open = new Set<() => Promise<void>>();

export function closeWithFile(close: () => Promise<void>): void {
  open.add(close);
}

export async function closeTestApps(): Promise<void> {
  for (const close of [...open]) {
    open.delete(close);
    await close();
  }
}
