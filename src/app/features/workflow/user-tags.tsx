// A list of chosen users as closable tags with an Add button that opens the shared user select dialog (spec part 3
// §2.9): the template's users and the people of a flow rule. The value is user numbers; names come from the user
// list (disabled users included) or, for a user just picked, from the dialog.
import { useMemo, useState } from 'react';
import { Input } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLookup } from '@/app/components/crud/lookups';
import { TagInput } from '@/app/components/pickers/tag-input';
import { UserSelectDialog } from '@/app/components/pickers/user-select-dialog';
import { nameNumber } from '@/app/components/crud/lookups';
import { userNumbers } from './workflow-lookups';

interface Props {
  value: readonly string[];
  onChange(next: string[]): void;
  /** Translated label. */
  label: string;
  required?: boolean;
  error?: string;
  disabled?: boolean;
  testId?: string;
}

/** number -> "name (number)" of every user in scope. */
export function useUserNames() {
  const { options } = useLookup(userNumbers);
  return useMemo(() => new Map(options.map((o) => [o.value, o.label])), [options]);
}

export function UserTags({ value, onChange, label, required, error, disabled, testId }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const known = useUserNames();
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const tags = value.map((v) => ({ value: v, label: known.get(v) ?? picked.get(v) ?? v }));
  return (
    <Input.Wrapper label={label} withAsterisk={required} error={error} data-testid={testId}>
      <TagInput tags={tags} disabled={disabled} onRemove={(v) => onChange(value.filter((x) => x !== v))} onAdd={() => setOpen(true)} />
      <UserSelectDialog
        opened={open}
        title={t('workflow.designer.pickUsers')}
        onClose={() => setOpen(false)}
        onConfirm={(users) => {
          const names = new Map(picked);
          for (const u of users) names.set(u.number, nameNumber(u.name, u.number));
          setPicked(names);
          onChange([...value, ...users.map((u) => u.number).filter((n) => !value.includes(n))]);
        }}
      />
    </Input.Wrapper>
  );
}
