import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** What became of a form's report request: made (it is in Reports), or refused and why (docs/product.md §8 Reports). */
export type ReportRequestOutcome = { done: true } | { done: false; text: string; insufficient: boolean };

interface ReportRequestNoticeProps {
  outcome: ReportRequestOutcome | null;
  doneText: string;
  linkText: string;
  href: string;
}

/** A report form's answer, read out as it changes: done with a link to the report, a warning or a failure. */
export function ReportRequestNotice({ outcome, doneText, linkText, href }: ReportRequestNoticeProps) {
  return (
    <div aria-live="polite">
      {outcome?.done ? (
        <Alert color="kuku" role="status" mt="md">
          {doneText}{' '}
          <Anchor component={Link} to={href} fw={600} fz="sm">
            {linkText}
          </Anchor>
        </Alert>
      ) : outcome ? (
        <Alert color={outcome.insufficient ? 'yellow' : 'red'} role="alert" mt="md">
          {outcome.text}
        </Alert>
      ) : null}
    </div>
  );
}
