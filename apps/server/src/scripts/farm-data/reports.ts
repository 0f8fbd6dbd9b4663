import { dayIn, reportName, shiftDay, type ReportCategory, type ReportType } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { farms, reports } from '../../db/schema/index.js';

/**
 * A few reports of the demo farm, written as asked for (`generating`, no lease): the server's
 * report sweep makes their files when it starts, as it would for a job a stopped server left.
 */
export async function seedDemoReports(db: Db, farmId: number, userId: number, now = new Date()): Promise<number> {
  const [farm] = await db.select({ timeZone: farms.timeZone }).from(farms).where(eq(farms.id, farmId)).limit(1);
  const today = dayIn(now, farm?.timeZone ?? 'Africa/Nairobi');
  const asked: [ReportCategory, ReportType, number][] = [
    ['financial', 'summary', 365],
    ['sales', 'detailed', 90],
    ['eggProduction', 'summary', 30],
  ];
  const rows = asked.map(([category, reportType, days], i) => {
    const start = shiftDay(today, -days);
    return {
      farmId,
      createdBy: userId,
      name: reportName(category, reportType, start, today),
      category,
      reportType,
      startDate: start,
      endDate: today,
      createdAt: new Date(now.getTime() - (asked.length - i) * 60_000),
    };
  });
  await db.insert(reports).values(rows);
  return rows.length;
}
