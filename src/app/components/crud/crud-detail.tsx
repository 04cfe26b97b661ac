// The read-only detail page: the record's fields as label/value pairs (long values wrap) and a Return button (one step
// back, or the list). A key that names no record, or a load the server refuses, shows the refusal instead of a blank
// record; without a network it shows the offline state with Retry.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Group, LoadingOverlay, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useReturn } from './crud-form';
import { queryParam, recordKeyProblem } from './form-logic';
import { RecordState, type RecordFailure } from './record-state';

export interface DetailField<R> {
  key: string;
  /** Translation key; fields.<entity>.<key> by default. */
  label?: string;
  render?(record: R): ReactNode;
}

export interface CrudDetailProps<R> {
  entity: string;
  listPath: string;
  keyParam: string;
  load(key: string): Promise<R>;
  fields: readonly DetailField<R>[];
}

/** Empty values show a dash so the reader sees the field is empty, not missing. */
const shownNode = (v: unknown): ReactNode =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? (v as ReactNode) : String(v);

export function CrudDetail<R extends object>(props: CrudDetailProps<R>) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = queryParam(params, props.keyParam);
  const ret = useReturn(props.listPath);
  const badKey = recordKeyProblem(key, props.keyParam) !== null;
  const [record, setRecord] = useState<R | null>(null);
  const [failure, setFailure] = useState<RecordFailure | null>(null);
  const [loading, setLoading] = useState(!badKey);
  const [attempt, setAttempt] = useState(0);
  const load = useRef(props.load);
  load.current = props.load;

  useEffect(() => {
    if (badKey) return;
    let live = true;
    setLoading(true);
    setFailure(null);
    load
      .current(key)
      .then((r) => live && setRecord(r))
      .catch((error: unknown) => live && setFailure({ kind: 'error', error }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key, badKey, attempt]);

  const failed: RecordFailure | null = badKey ? { kind: 'badKey' } : failure;

  return (
    <Paper p="md" withBorder pos="relative" maw={960}>
      <LoadingOverlay visible={loading} />
      <Stack gap="md">
        {failed ? (
          <RecordState failure={failed} onRetry={() => setAttempt((n) => n + 1)} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" data-testid="detail">
            {props.fields.map((f) => (
              // minWidth 0 lets a grid cell shrink below its content, so a long value wraps instead of widening the page.
              <div key={f.key} style={{ minWidth: 0 }}>
                <Text size="sm" c="dimmed">
                  {t(f.label ?? `fields.${props.entity}.${f.key}`)}
                </Text>
                <Text data-testid={`detail-${f.key}`} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                  {record ? shownNode(f.render ? f.render(record) : (record as Record<string, unknown>)[f.key]) : '—'}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        )}
        <Group>
          <Button variant="default" onClick={ret.back} data-testid="return">
            {t('crud.return')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
