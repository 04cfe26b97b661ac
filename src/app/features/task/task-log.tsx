// The run log of scheduled tasks (spec part 3 §2.6, §9; DESIGN §11): one table, newest first, 50 a page, of action
// (1 scheduled … 7 delete, by name), task, run time, status (success / running / failed with the reason) and duration.
// Shared by the page /ShowTaskLog?id= (one task; without an id every task: the variant that does not send the id)
// and the dialog the task list opens.
import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '@/app/api/client';
import { usePagerProps } from '@/app/components/crud/crud-pager';
import { queryParam, recordKeyProblem } from '@/app/components/crud/form-logic';
import { rowNumber } from '@/app/components/crud/list-state';
import { showError } from '@/app/components/feedback/feedback';
import { isOfflineError, OfflineState, queryOffline } from '@/app/components/shell/status-page';
import { getTaskLog, type TaskLogItem } from '@/shared/contracts/task';
import { actionKey, formatDuration, formatTime, isFailed, logStatus, TASK_LOG_PAGE_SIZE } from './task-logic';

function StatusText({ status }: { status: string }) {
  const { t } = useTranslation();
  const s = logStatus(status);
  return (
    <Text size="sm" c={isFailed(status) ? 'red' : undefined} style={{ wordBreak: 'break-word' }}>
      {'key' in s ? t(s.key, s.params) : s.text}
    </Text>
  );
}

function ReloadButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <Button variant="default" size="compact-sm" onClick={onClick} data-testid="task-log-reload">
      {t('common.reload')}
    </Button>
  );
}

/** The paged run log of one task, or of every task when `taskId` is missing. */
export function TaskLogTable({ taskId, heading }: { taskId?: number; heading?(taskName: string | undefined, reload: () => void): ReactNode }) {
  const { t } = useTranslation();
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState(TASK_LOG_PAGE_SIZE);
  const input = { pageIndex, pageSize, ...(taskId ? { taskOptionsId: taskId } : {}) };
  const q = useQuery({
    queryKey: ['task-log', input],
    retry: false,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) => {
      try {
        return await call(getTaskLog, input, { signal });
      } catch (err) {
        if (!signal.aborted && !isOfflineError(err)) showError(err);
        throw err;
      }
    },
  });
  const { offline } = queryOffline(q);
  const records = q.data?.items ?? [];
  const count = q.data?.count ?? 0;
  const pager = usePagerProps({
    page: pageIndex,
    pageSize,
    count,
    onPage: setPageIndex,
    onPageSize: (n) => {
      setPageSize(n);
      setPageIndex(1);
    },
  });
  const columns: DataTableColumn<TaskLogItem>[] = [
    { accessor: '__index', title: t('crud.index'), width: 64, render: (_r, i) => rowNumber(pageIndex, pageSize, i) },
    { accessor: 'jobActionType', title: t('fields.taskLog.jobActionType'), render: (r) => t(actionKey(r.jobActionType), { type: r.jobActionType }) },
    // One task's log names it in the heading; every task's log names it per row.
    ...(taskId ? [] : [{ accessor: 'taskOptions', title: t('fields.taskLog.taskOptions') } satisfies DataTableColumn<TaskLogItem>]),
    { accessor: 'strRunTime', title: t('fields.taskLog.strRunTime'), render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(r.strRunTime)}</span> },
    { accessor: 'status', title: t('fields.taskLog.status'), render: (r) => <StatusText status={r.status} /> },
    {
      accessor: 'durationMs',
      title: t('fields.taskLog.durationMs'),
      textAlign: 'right',
      render: (r) => {
        const d = formatDuration(r.durationMs);
        return d ? t(d.key, { value: d.value }) : '';
      },
    },
    { accessor: 'userNumber', title: t('fields.taskLog.userNumber') },
  ];
  if (offline && !q.data) return <OfflineState compact onRetry={() => void q.refetch()} busy={q.isFetching} />;
  return (
    <>
      {/* The task's name as its log rows keep it (no extra call: the log button does not grant reading the task). */}
      {heading?.(records[0]?.taskOptions, () => void q.refetch())}
      <DataTable<TaskLogItem>
        withTableBorder
        striped
        minHeight={records.length ? undefined : 180}
        idAccessor="id"
        columns={columns}
        records={records}
        fetching={q.isFetching}
        noRecordsText={t('crud.noData')}
        loadingText={t('crud.loading')}
        data-testid="task-log"
        {...pager}
      />
    </>
  );
}

/** The log as a dialog (opened from the task list): one task's, or every task's without `taskId`. */
export function TaskLogDialog({ opened, onClose, taskId, taskName }: { opened: boolean; onClose(): void; taskId?: number; taskName?: string }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={taskId ? t('task.logTitle', { name: taskName ?? taskId }) : t('task.logTitleAll')}
      data-testid="task-log-dialog"
    >
      {opened && (
        <TaskLogTable
          taskId={taskId}
          heading={(_name, reload) => (
            <Group justify="flex-end" mb="xs">
              <ReloadButton onClick={reload} />
            </Group>
          )}
        />
      )}
    </Modal>
  );
}

/** /ShowTaskLog?id= (spec part 3 §2.6); without a usable id, every task's log. */
export default function TaskLogPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = queryParam(params, 'id');
  const taskId = recordKeyProblem(key, 'id') === null ? Number(key) : undefined;
  return (
    <Stack gap="sm">
      <TaskLogTable
        key={taskId ?? 0}
        taskId={taskId}
        heading={(name, reload) => (
          <Paper p="sm" withBorder>
            <Group justify="space-between">
              <Title order={4} data-testid="task-log-title">
                {taskId ? t('task.logTitle', { name: name ?? t('task.logPageOf', { id: taskId }) }) : t('task.logTitleAll')}
              </Title>
              <ReloadButton onClick={reload} />
            </Group>
          </Paper>
        )}
      />
    </Stack>
  );
}
