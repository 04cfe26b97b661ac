// /TaskOptions (spec part 3 §2.6, §4.5, §9; DESIGN §11): the task-name filter; task name, group, last run time, interval,
// status (by name), description, API URL, request type and next run time; per row Log (/ShowTaskLog?id=), Update
// (/EditTaskOptions?id=), Pause, Start, Execute now and Delete (a warning confirmation first); Add (/AddTaskOptions).
// Every action reloads the list after success. Add, Update and Log follow the user's buttons (btn:TaskOptions.add,
// .edit, .log); the last run time opens the run log of that task in a dialog, and "Run log of all tasks" goes to
// /ShowTaskLog without an id. 50 a page.
import { useState } from 'react';
import { Badge, Code, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { useConfirm } from '@/app/components/crud/confirm-dialog';
import { CrudList, useButtonCheck } from '@/app/components/crud/crud-list';
import type { FilterDef } from '@/app/components/crud/filters';
import { showError, showSuccess } from '@/app/components/feedback/feedback';
import { deleteTask, getTaskPage, pauseTask, runTask, startTask, TASK_STATUS, type TaskItem } from '@/shared/contracts/task';
import { addTaskLink, editTaskLink, formatTime, statusKey, TASK_PAGE_SIZE, taskLogLink } from './task-logic';
import { TaskLogDialog } from './task-log';

const filters: FilterDef[] = [{ kind: 'text', key: 'keyword', label: 'fields.task.taskName' }];

const STATUS_COLOR: Record<number, string> = { 0: 'green', 1: 'yellow', 2: 'blue', 3: 'red', 4: 'orange', 5: 'gray' };

const LOG_BUTTON = 'btn:TaskOptions.log';

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    // Never narrower than its name: a table column shrinks a badge to an ellipsis otherwise.
    <Badge variant="light" color={STATUS_COLOR[status] ?? 'gray'} style={{ minWidth: 'max-content' }} data-testid="task-status">
      {t(statusKey(status))}
    </Badge>
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;

export default function TaskList() {
  const { t } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const allowed = useButtonCheck();
  const [logOf, setLogOf] = useState<TaskItem | null>(null);

  /** Pause, Start, Execute now: the call, its message, the list again. */
  const act = (endpoint: typeof pauseTask, done: string) => async (r: TaskItem, reload: () => void) => {
    try {
      await call(endpoint, { id: r.id });
      showSuccess(done);
      reload();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <CrudList
      screen="TaskOptions"
      entity="task"
      endpoint={getTaskPage}
      filters={filters}
      pageSize={TASK_PAGE_SIZE}
      rowKey="id"
      columns={[
        { key: 'taskName', render: (r) => <Text size="sm" fw={500} miw={120}>{r.taskName}</Text> },
        { key: 'groupName' },
        {
          key: 'lastRunTime',
          render: (r) => {
            const text = r.lastRunTime ? formatTime(r.lastRunTime) : t('task.never');
            return allowed(LOG_BUTTON) ? (
              <UnstyledButton onClick={() => setLogOf(r)} title={t('task.openLog')} data-testid="task-last-run" style={{ ...nowrap, textDecoration: 'underline dotted' }}>
                <Text size="sm" span c={r.lastRunTime ? undefined : 'dimmed'}>
                  {text}
                </Text>
              </UnstyledButton>
            ) : (
              <Text size="sm" span style={nowrap} c={r.lastRunTime ? undefined : 'dimmed'}>
                {text}
              </Text>
            );
          },
        },
        { key: 'interval', render: (r) => <Code style={nowrap}>{r.interval}</Code> },
        { key: 'status', render: (r) => <StatusBadge status={r.status} /> },
        { key: 'describe', render: (r) => <Text size="sm" miw={140}>{r.describe}</Text> },
                // A URL has no spaces to wrap at: it wraps anywhere, but in a column wide enough to read it.
        { key: 'apiUrl', render: (r) => <Text size="sm" miw={200} style={{ overflowWrap: 'anywhere' }}>{r.apiUrl}</Text> },
        { key: 'requestType' },
        {
          key: 'nextRunTime',
          render: (r) => (
            <Text size="sm" span style={nowrap} c={r.nextRunTime ? undefined : 'dimmed'}>
              {r.nextRunTime ? formatTime(r.nextRunTime) : t('task.notScheduled')}
            </Text>
          ),
        },
      ]}
      toolbar={[
        { key: 'add', label: 'crud.add', permission: 'btn:TaskOptions.add', to: addTaskLink() },
        { key: 'logs', label: 'task.buttons.allLogs', permission: LOG_BUTTON, to: taskLogLink() },
      ]}
      rowActions={[
        { key: 'log', label: 'task.buttons.log', permission: LOG_BUTTON, to: (r) => taskLogLink(r.id) },
        { key: 'edit', label: 'task.buttons.update', permission: 'btn:TaskOptions.edit', to: (r) => editTaskLink(r.id) },
        { key: 'pause', label: 'task.buttons.pause', color: 'yellow', hidden: (r) => r.status === TASK_STATUS.paused, run: (r, reload) => void act(pauseTask, 'task.done.pause')(r, reload) },
        { key: 'start', label: 'task.buttons.start', color: 'green', hidden: (r) => r.status === TASK_STATUS.normal, run: (r, reload) => void act(startTask, 'task.done.start')(r, reload) },
        { key: 'run', label: 'task.buttons.run', run: (r, reload) => void act(runTask, 'task.done.run')(r, reload) },
        {
          key: 'delete',
          label: 'common.delete',
          color: 'red',
          run: (r, reload) =>
            void confirm(t('task.deleteConfirm', { name: r.taskName })).then(async (ok) => {
              if (!ok) return;
              try {
                await call(deleteTask, { id: r.id });
                showSuccess('common.deleted');
                reload();
              } catch (err) {
                showError(err);
              }
            }),
        },
      ]}
    >
      {dialog}
      <TaskLogDialog opened={logOf !== null} onClose={() => setLogOf(null)} taskId={logOf?.id} taskName={logOf?.taskName} />
    </CrudList>
  );
}
