// A read-only box that shows a chosen user's name and opens the shared user select dialog in single-select mode
// (a department's or a user's leader, spec part 2 §2); a clear button empties it. Keeps the name and the number in
// two form fields: the number is what is sent.
import { useState } from 'react';
import { ActionIcon, CloseButton, Group, TextInput, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormState, FormValues } from '@/app/components/crud/form-state';
import { UserSelectDialog } from '@/app/components/pickers/user-select-dialog';
import { Icon } from '@/app/components/shell/icons';

interface Props<V extends FormValues> {
  form: FormState<V>;
  /** The field holding the shown name, and the one holding the number. */
  nameField: keyof V & string;
  numberField: keyof V & string;
  /** Translation key of the label. */
  label: string;
  /** Translation key of the dialog title. */
  title?: string;
}

export function UserPickField<V extends FormValues>({ form, nameField, numberField, label, title }: Props<V>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = String(form.values[nameField] ?? '');
  const number = String(form.values[numberField] ?? '');
  const set = (n: string, num: string) => {
    form.setFieldValue(nameField, n as V[keyof V & string]);
    form.setFieldValue(numberField, num as V[keyof V & string]);
  };
  const shown = name && number && name !== number ? `${name} (${number})` : name || number;
  return (
    <>
      <TextInput
        label={t(label)}
        value={shown}
        readOnly
        placeholder={t('pages.org.pickUser')}
        onClick={() => setOpen(true)}
        styles={{ input: { cursor: 'pointer' } }}
        rightSectionWidth={number ? 64 : 36}
        rightSection={
          <Group gap={2} wrap="nowrap">
            {number && <CloseButton size="sm" aria-label={t('pages.org.clear')} onClick={() => set('', '')} data-testid={`clear-${numberField}`} />}
            <Tooltip label={t('pages.org.pickUser')}>
              <ActionIcon variant="subtle" size="sm" aria-label={t('pages.org.pickUser')} onClick={() => setOpen(true)} data-testid={`pick-${numberField}`}>
                <Icon name="user" size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        }
        data-testid={`field-${nameField}`}
      />
      <UserSelectDialog
        opened={open}
        multiple={false}
        title={title ? t(title) : undefined}
        onClose={() => setOpen(false)}
        onConfirm={(users) => {
          const u = users[0];
          if (u) set(u.name, u.number);
        }}
      />
    </>
  );
}
