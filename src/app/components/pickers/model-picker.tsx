// The model picker (spec part 3 §2.9): search by model, tick any number of models, Confirm returns them. Without a
// network the table gives way to the offline state with Retry (models loaded earlier stay, with the offline note).
import { useState } from 'react';
import { Button, Group, Modal, Paper, Stack, TextInput } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { lookup, useLookup } from '@/app/components/crud/lookups';
import { OfflineNote, OfflineState } from '@/app/components/shell/status-page';
import { getProductModList, type ProductModLookupItem } from '@/shared/contracts/product-mod';

interface Props {
  opened: boolean;
  onClose(): void;
  onConfirm(models: ProductModLookupItem[]): void;
}

export function ModelPicker({ opened, onClose, onConfirm }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<ProductModLookupItem[]>([]);
  const [wasOpened, setWasOpened] = useState(false);
  // Each opening starts with no search and no selection.
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setText('');
      setKeyword('');
      setSelected([]);
    }
  }
  const { rows, loading, offline, retry, busy } = useLookup(
    lookup(getProductModList, { keyword: keyword || undefined }, (r) => ({ value: r.productModNa, label: r.productMod })),
    opened,
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('pickers.model.title')} size="xl" data-testid="model-picker">
      <Stack gap="sm">
        <Group align="flex-end">
          <TextInput
            label={t('pages.productMod.model')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && setKeyword(text.trim())}
          />
          <Button onClick={() => setKeyword(text.trim())}>{t('crud.search')}</Button>
          <Button
            color="green"
            onClick={() => {
              onConfirm(selected);
              onClose();
            }}
            data-testid="picker-confirm"
          >
            {t('crud.confirm')}
          </Button>
        </Group>
        {offline && rows.length > 0 && <OfflineNote onRetry={retry} busy={busy} />}
        {offline && !rows.length ? (
          <Paper withBorder>
            <OfflineState compact onRetry={retry} busy={busy} />
          </Paper>
        ) : (
          <DataTable<ProductModLookupItem>
            withTableBorder
            striped
            height={420}
            idAccessor="id"
            records={rows}
            fetching={loading}
            noRecordsText={t(keyword ? 'crud.noMatch' : 'crud.noData')}
            columns={[
              { accessor: 'productMod', title: t('fields.productMod.productMod') },
              { accessor: 'productModNa', title: t('fields.productMod.productModNa') },
              { accessor: 'modelLevel', title: t('fields.productMod.modelLevel') },
              { accessor: 'dataType', title: t('fields.productMod.dataType') },
            ]}
            selectedRecords={selected}
            onSelectedRecordsChange={setSelected}
          />
        )}
      </Stack>
    </Modal>
  );
}
