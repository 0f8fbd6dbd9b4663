import { Alert } from '@mantine/core';
import type { ReportNotice } from './report-generator';

const NOTICE_COLORS: Record<ReportNotice['tone'], string> = { success: 'kuku', warning: 'yellow', error: 'red' };

/** What became of the reports asked for (docs/product.md §9), one alert each. */
export function ReportNotices({ notices }: { notices: ReportNotice[] }) {
  return notices.map((notice) => (
    <Alert key={notice.text} color={NOTICE_COLORS[notice.tone]} role={notice.tone === 'success' ? 'status' : 'alert'}>
      {notice.text}
    </Alert>
  ));
}
