// The read-only detail page: the record's fields as label/value pairs and a Return button (one step back, or the list).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Group, LoadingOverlay, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { showError } from '@/app/components/feedback/feedback';
import { useReturn } from './crud-form';
import { queryParam } from './form-logic';

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
  const [record, setRecord] = useState<R | null>(null);
  const [loading, setLoading] = useState(true);
  const load = useRef(props.load);
  load.current = props.load;

  useEffect(() => {
    let live = true;
    setLoading(true);
    load
      .current(key)
      .then((r) => live && setRecord(r))
      .catch((err: unknown) => live && showError(err))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key]);

  return (
    <Paper p="md" withBorder pos="relative" maw={960}>
      <LoadingOverlay visible={loading} />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" data-testid="detail">
          {props.fields.map((f) => (
            <div key={f.key}>
              <Text size="sm" c="dimmed">
                {t(f.label ?? `fields.${props.entity}.${f.key}`)}
              </Text>
              <Text data-testid={`detail-${f.key}`}>
                {record ? shownNode(f.render ? f.render(record) : (record as Record<string, unknown>)[f.key]) : '—'}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Group>
          <Button variant="default" onClick={ret.back} data-testid="return">
            {t('crud.return')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
