import { Button, Group, TextInput } from '@mantine/core';
import { EXPENSE_DESCRIPTION_MAX, expenseMessages as m, expenseReportRequestSchema, reportMessages } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { useState, type FormEvent } from 'react';
import { ReportRequestNotice } from '../../../ui/report-request-notice';
import { useReportRequest } from '../../reports/api';
import classes from './expenses-report.module.css';

type ReportField = 'start_date' | 'end_date' | 'description_filter';
const REPORT_FIELDS: readonly ReportField[] = ['start_date', 'end_date', 'description_filter'];

export type ReportValues = Record<ReportField, string>;

/** docs/product.md §5: the schema's message on each field that breaks a rule (both dates required, start not after end). */
export function validateReport(values: ReportValues): Partial<Record<ReportField, string>> {
  const parsed = expenseReportRequestSchema.safeParse({
    start_date: values.start_date === '' ? undefined : values.start_date,
    end_date: values.end_date === '' ? undefined : values.end_date,
    description_filter: values.description_filter.trim() === '' ? null : values.description_filter,
  });
  const errors: Partial<Record<ReportField, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ReportField | undefined;
    if (field && REPORT_FIELDS.includes(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/**
 * docs/product.md §2 and §5: the expense report form, start and end dates required, an optional
 * description filter; the reports feature makes the expense report, which then shows in Reports.
 */
export function ExpensesReportForm() {
  const [values, setValues] = useState<ReportValues>({ start_date: '', end_date: '', description_filter: '' });
  const [errors, setErrors] = useState<Partial<Record<ReportField, string>>>({});
  const generate = useReportRequest('expense');

  const set = (field: ReportField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    generate.clear();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (generate.isPending) return;
    const found = validateReport(values);
    setErrors(found);
    generate.clear();
    if (Object.keys(found).length > 0) return;
    const filter = values.description_filter.trim();
    const body = { start_date: values.start_date, end_date: values.end_date, description_filter: filter === '' ? null : filter };
    generate.request(body);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="expense-report-title">
      <div className={classes.fields}>
        <TextInput
          label={m.reportStart}
          type="date"
          withAsterisk
          value={values.start_date}
          onChange={(event) => set('start_date', event.currentTarget.value)}
          error={errors.start_date}
        />
        <TextInput
          label={m.reportEnd}
          type="date"
          withAsterisk
          value={values.end_date}
          onChange={(event) => set('end_date', event.currentTarget.value)}
          error={errors.end_date}
        />
        <TextInput
          label={m.reportDescription}
          description={m.reportDescriptionHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          maxLength={EXPENSE_DESCRIPTION_MAX}
          value={values.description_filter}
          onChange={(event) => set('description_filter', event.currentTarget.value)}
          error={errors.description_filter}
        />
      </div>
      <Group justify="flex-end" mt="md">
        <Button type="submit" disabled={generate.isPending}>
          {generate.isPending ? reportMessages.generating : m.generateReport}
        </Button>
      </Group>
      <ReportRequestNotice outcome={generate.outcome} doneText={reportMessages.expenseFormDone} linkText={reportMessages.seeReports} href={paths.reports.getHref()} />
    </form>
  );
}

export default ExpensesReportForm;
