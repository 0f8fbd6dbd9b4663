/**
 * The schemas of deleted flocks (decision 052), apart from flocks.ts: a module's schemas are
 * built when it loads, and the flock and vaccination screens load flocks.ts without needing these.
 */
import { z } from 'zod/mini';
import { idField } from './common/fields.js';
import { flockBinMessages } from './flock-bin-rules.js';

/** GET /flocks/deleted: the farm's flocks deleted in the last FLOCK_BIN_DAYS days, newest first. */
export const deletedFlockSchema = z.object({
  id: z.number(),
  flock_id: z.number(),
  name: z.string(),
  counts: z.record(z.string(), z.number()),
  deleted_at: z.string(),
  deleted_by: z.nullable(z.string()),
  expires_at: z.string(),
});
export type DeletedFlock = z.infer<typeof deletedFlockSchema>;
export const deletedFlockListSchema = z.object({ items: z.array(deletedFlockSchema) });
export type DeletedFlockList = z.infer<typeof deletedFlockListSchema>;
export const deletedFlockParamsSchema = z.object({ id: idField(flockBinMessages.notInBin) });
/** POST /flocks/deleted/{id}/restore: the flock as it is again. */
export const restoreFlockResultSchema = z.object({ flock_id: z.number(), name: z.string() });
export type RestoreFlockResult = z.infer<typeof restoreFlockResultSchema>;
