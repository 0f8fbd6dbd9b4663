import { Alert, Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { REPORT_TYPES, saleMessages, salesReportRequestSchema, type ReportType } from '@kuku/domain';
import { useState, type FormEvent } from 'react';
import classes from './sales-report.module.css';

type ReportField = 'start_date' | 'end_date' | 'report_type';
const REPORT_FIELDS: readonly ReportField[] = ['start_date', 'end_date', 'report_type'];

export interface ReportValues {
  start_date: string;
  end_date: string;
  report_type: ReportType | '';
}

const REPORT_TYPE_LABELS: Record<ReportType, string> = { summary: 'Summary', detailed: 'Detailed' };

/** SPEC §5 Sales report generator: the schema's message on each field that breaks a rule. */
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
 * SPEC §2 and §5: start date, end date and report type, all required. SPEC §7: until the
 * reports feature lands the form makes no call and only says so.
 */
export function SalesReportForm() {
  const [values, setValues] = useState<ReportValues>({ start_date: '', end_date: '', report_type: '' });
  const [errors, setErrors] = useState<Partial<Record<ReportField, string>>>({});
  const [done, setDone] = useState(false);

  const set = (field: ReportField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setDone(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateReport(values);
    setErrors(found);
    setDone(Object.keys(found).length === 0);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="sales-report-title">
      <div className={classes.fields}>
        <TextInput
          label="Start date"
          type="date"
          withAsterisk
          value={values.start_date}
          onChange={(event) => set('start_date', event.currentTarget.value)}
          error={errors.start_date}
        />
        <TextInput
          label="End date"
          type="date"
          withAsterisk
          value={values.end_date}
          onChange={(event) => set('end_date', event.currentTarget.value)}
          error={errors.end_date}
        />
        <NativeSelect
          label="Report type"
          withAsterisk
          data={[{ value: '', label: 'Select a type', disabled: true }, ...REPORT_TYPES.map((type) => ({ value: type, label: REPORT_TYPE_LABELS[type] }))]}
          value={values.report_type}
          onChange={(event) => set('report_type', event.currentTarget.value)}
          error={errors.report_type}
        />
      </div>
      <Group justify="flex-end" mt="md">
        <Button type="submit">Generate Report</Button>
      </Group>
      {done ? (
        <Alert color="blue" role="status" mt="md">
          {saleMessages.reportComingSoon}
        </Alert>
      ) : null}
    </form>
  );
}

export default SalesReportForm;
