import { ActionIcon, Badge, Button, Group, Loader, Paper, Text } from '@mantine/core';
import {
  REPORT_CATEGORY_LABELS,
  REPORT_PAGE_SIZE,
  REPORT_STATE_LABELS,
  REPORT_TYPE_LABELS,
  reportMessages as m,
  type Report,
  type ReportFormat,
  type ReportState,
} from '@kuku/domain';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/use-can';
import { useConfirmDelete } from '../../../ui/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { useFarmDates } from '../../../ui/date';
import { ListPanel, useListControls } from '../../../ui/list-panel';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { FIRST_REPORT_PAGE, reportListQuery } from '../api';
import { useDeleteReport, useDownloadReport } from '../list-api';

const STATE_COLORS: Record<ReportState, string> = { generating: 'blue', ready: 'kuku', failed: 'red' };

/** Generating (with a loader), Ready or Failed. */
export function ReportStateBadge({ state }: { state: ReportState }) {
  return (
    <Badge
      color={STATE_COLORS[state]}
      variant="light"
      miw="max-content"
      leftSection={state === 'generating' ? <Loader size={10} color="blue" aria-hidden /> : null}
    >
      {REPORT_STATE_LABELS[state]}
    </Badge>
  );
}

/**
 * docs/product.md §2 Reports: Recent Reports, searched (name, category, type) and paged by the server, 5 a
 * page, newest first; each report's files downloaded through a fresh link, and deleted after
 * a question. While one is being made the list reads itself again (api.ts).
 */
export function ReportsList() {
  const { search, setSearch, q, page, setPage, pager } = useListControls(FIRST_REPORT_PAGE);
  const dates = useFarmDates();

  const list = useQuery(reportListQuery({ ...FIRST_REPORT_PAGE, page, q }));
  const remove = useDeleteReport();
  const download = useDownloadReport();
  const canWrite = useCan('reports.write');

  const items = list.data?.items;
  const total = list.data?.total ?? 0;

  const del = useConfirmDelete<Report>({
    remove,
    items,
    page,
    setPage,
    onDeleted: () => {
      showSuccessToast(m.deleted);
    },
    onFailed: (error) => {
      showErrorToast(errorMessage(error, m.deleteFailed));
    },
  });

  const fetchFile = (report: Report, format: ReportFormat) =>
    download.mutate({ id: report.id, format }, { onError: (error) => showErrorToast(errorMessage(error, m.downloadFailed)) });
  const fetching = (report: Report, format: ReportFormat) =>
    download.isPending && download.variables?.id === report.id && download.variables.format === format;

  const files = (report: Report) => (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {report.state === 'ready' ? (
        <>
          <Button
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            aria-label={m.downloadOf(report.name)}
            loading={fetching(report, 'pdf')}
            onClick={() => fetchFile(report, 'pdf')}
          >
            {m.download}
          </Button>
          <Button size="xs" variant="default" aria-label={m.downloadCsvOf(report.name)} loading={fetching(report, 'csv')} onClick={() => fetchFile(report, 'csv')}>
            {m.downloadCsv}
          </Button>
          {report.category === 'financial' ? (
            <Button
              size="xs"
              variant="default"
              aria-label={m.downloadXlsxOf(report.name)}
              loading={fetching(report, 'xlsx')}
              onClick={() => fetchFile(report, 'xlsx')}
            >
              {m.downloadXlsx}
            </Button>
          ) : null}
        </>
      ) : null}
      {canWrite ? (
        <ActionIcon variant="light" color="red" size="lg" aria-label={m.deleteOf(report.name)} onClick={() => del.ask(report)}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );

  const state = (report: Report) => (
    <div>
      <ReportStateBadge state={report.state} />
      {report.state === 'failed' && report.failure ? (
        <Text fz="xs" c="red" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {report.failure}
        </Text>
      ) : null}
    </div>
  );

  const nowrap = () => ({ style: { whiteSpace: 'nowrap' } as const });
  const columns: DataTableColumn<Report>[] = [
    { id: 'name', header: m.nameColumn, cell: (report) => <Text fw={600} fz="sm">{report.name}</Text>, cellProps: () => ({ style: { minWidth: 190 } }) },
    // The type under the category: one column less, so the table fits beside the sidebar at 1280 px.
    {
      id: 'category',
      header: m.categoryColumn,
      cell: (report) => (
        <>
          {REPORT_CATEGORY_LABELS[report.category]}
          <Text fz="xs" c="dimmed">
            {REPORT_TYPE_LABELS[report.report_type]}
          </Text>
        </>
      ),
      cellProps: nowrap,
    },
    { id: 'state', header: m.stateColumn, cell: state, cellProps: () => ({ style: { maxWidth: 220 } }) },
    { id: 'created', header: m.createdColumn, cell: (report) => dates.date(report.created_at), cellProps: nowrap },
    { id: 'size', header: m.sizeColumn, align: 'right', cell: (report) => m.size(report.size_bytes), cellProps: nowrap },
    { id: 'files', header: m.actionsColumn, align: 'right', sticky: true, cell: files },
  ];

  const card = (report: Report) => (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={600} fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {report.name}
        </Text>
        <ReportStateBadge state={report.state} />
      </Group>
      <Text fz="sm" c="dimmed" mt={4}>
        {REPORT_CATEGORY_LABELS[report.category]} · {REPORT_TYPE_LABELS[report.report_type]} · {dates.date(report.created_at)} · {m.size(report.size_bytes)}
      </Text>
      {report.state === 'failed' && report.failure ? (
        <Text fz="sm" c="red" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {report.failure}
        </Text>
      ) : null}
      <Group mt="xs" justify="flex-end" wrap="nowrap" gap="xs">
        {files(report)}
      </Group>
    </Paper>
  );

  return (
    <ListPanel
      title={m.recentTitle}
      aside={
        total > 0 ? (
          <Text c="dimmed" fz="sm">
            {m.reportCount(total)}
          </Text>
        ) : null
      }
      search={{ label: m.searchLabel, placeholder: m.searchPlaceholder, value: search, onChange: setSearch }}
      onIntent={del.preload}
    >
      <DataTable
        label={m.recentTitle}
        columns={columns}
        rows={items}
        rowKey={(report) => report.id}
        status={list.status}
        busy={list.isFetching}
        loadingLabel={m.listLoading}
        errorText={m.listFailed}
        emptyText={q ? m.noMatch : m.empty}
        minWidth={860}
        renderCard={card}
        pager={pager(total, REPORT_PAGE_SIZE, m.listPages)}
      />
      {del.dialog({ title: m.deleteTitle, message: (deleting) => m.deleteConfirm(deleting.name), confirmLabel: m.delete })}
    </ListPanel>
  );
}

export default ReportsList;
