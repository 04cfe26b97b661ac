// The frame of a sales entry form: the loading overlay, the record's failure state (refusal or offline with Retry) in
// place of the fields, and the Save and Return buttons (Save hidden in read-only modes, disabled while saving: spec
// part 1 §4). Inputs and buttons are touch-sized on tablets (sales-screen.css).
import type { ReactNode } from 'react';
import { Button, Group, LoadingOverlay, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecordState, type RecordFailure } from '@/app/components/crud/record-state';
import './sales-screen.css';

export interface SalesFormFrameProps {
  loading: boolean;
  failure: RecordFailure | null;
  onRetry(): void;
  readOnly: boolean;
  saving: boolean;
  onSave(): void;
  onReturn(): void;
  /** Above the fields (e.g. the draft notice). */
  notice?: ReactNode;
  children: ReactNode;
  /** Dialogs (conflict, unsaved changes, pickers). */
  dialogs?: ReactNode;
  testId?: string;
}

export function SalesFormFrame(p: SalesFormFrameProps) {
  const { t } = useTranslation();
  return (
    <Paper p="md" withBorder pos="relative" className="sd-sales" data-testid={p.testId}>
      <LoadingOverlay visible={p.loading} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!p.readOnly && !p.saving) p.onSave();
        }}
      >
        <Stack gap="md">
          {p.failure ? (
            <RecordState failure={p.failure} onRetry={p.onRetry} />
          ) : (
            <>
              {p.notice}
              {p.children}
            </>
          )}
          <Group>
            {!p.readOnly && (
              <Button
                type="submit"
                loading={p.saving}
                disabled={p.saving || p.loading || !!p.failure}
                // Keep focus in the input (as the crud kit does): a blur that adds an error line would move Save.
                onMouseDown={(e) => e.preventDefault()}
                data-testid="save"
              >
                {t('crud.save')}
              </Button>
            )}
            <Button variant="default" onClick={p.onReturn} data-testid="return">
              {t('crud.return')}
            </Button>
          </Group>
        </Stack>
      </form>
      {p.dialogs}
    </Paper>
  );
}
