import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { REPORT_TYPE_LABELS, REPORT_TYPES, reportMessages, salesReportRequestSchema, type ReportType } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { useState, type FormEvent } from 'react';
import { ReportRequestNotice } from '../../../ui/report-request-notice';
import { useReportRequest } from '../../reports/api';
import classes from './sales-report.module.css';

type ReportField = 'start_date' | 'end_date' | 'report_type';
const REPORT_FIELDS: readonly ReportField[] = ['start_date', 'end_date', 'report_type'];

export interface ReportValues {
  start_date: string;
  end_date: string;
  report_type: ReportType | '';
}

/** docs/product.md §5 Sales report generator: the schema's message on each field that breaks a rule. */
export function validateReport(values: ReportValues): Partial<Record<ReportField, string>> {
  const parsed = salesReportRequestSchema.safeParse({
    start_date: values.start_date === '' ? undefined : values.start_date,
    end_date: values.end_date === '' ? undefined : values.end_date,
    report_type: values.report_type === '' ? undefined : values.report_type,
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
 * The errors as the fields show them: a message said on an earlier field (the product's one 'fill all
 * fields' for each empty one) marks the later ones red without saying it again.
 */
export function shownErrors(errors: Partial<Record<ReportField, string>>): Partial<Record<ReportField, string | true>> {
  const said = new Set<string>();
  const shown: Partial<Record<ReportField, string | true>> = {};
  for (const field of REPORT_FIELDS) {
    const message = errors[field];
    if (message === undefined) continue;
    shown[field] = said.has(message) ? true : message;
    said.add(message);
  }
  return shown;
}

/**
 * docs/product.md §2 and §5: start date, end date and report type, all required; the reports feature
 * makes the sales report, which then shows in Reports.
 */
export function SalesReportForm() {
  const [values, setValues] = useState<ReportValues>({ start_date: '', end_date: '', report_type: '' });
  const [errors, setErrors] = useState<Partial<Record<ReportField, string>>>({});
  const generate = useReportRequest('sales');

  const set = (field: ReportField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    generate.clear();
  };

  const shown = shownErrors(errors);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (generate.isPending) return;
    const found = validateReport(values);
    setErrors(found);
    generate.clear();
    if (Object.keys(found).length > 0 || values.report_type === '') return;
    const body = { start_date: values.start_date, end_date: values.end_date, report_type: values.report_type };
    generate.request(body);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="sales-report-title">
      <div className={classes.fields}>
        <TextInput
          label={reportMessages.startDate}
          type="date"
          withAsterisk
          value={values.start_date}
          onChange={(event) => set('start_date', event.currentTarget.value)}
          error={shown.start_date}
        />
        <TextInput
          label={reportMessages.endDate}
          type="date"
          withAsterisk
          value={values.end_date}
          onChange={(event) => set('end_date', event.currentTarget.value)}
          error={shown.end_date}
        />
        <NativeSelect
          label={reportMessages.reportType}
          withAsterisk
          data={[{ value: '', label: reportMessages.selectType, disabled: true }, ...REPORT_TYPES.map((type) => ({ value: type, label: REPORT_TYPE_LABELS[type] }))]}
          value={values.report_type}
          onChange={(event) => set('report_type', event.currentTarget.value)}
          error={shown.report_type}
        />
      </div>
      <Group justify="flex-end" mt="md">
        <Button type="submit" disabled={generate.isPending}>
          {generate.isPending ? reportMessages.generating : reportMessages.generate}
        </Button>
      </Group>
      <ReportRequestNotice outcome={generate.outcome} doneText={reportMessages.salesFormDone} linkText={reportMessages.seeReports} href={paths.reports.getHref()} />
    </form>
  );
}

export default SalesReportForm;
