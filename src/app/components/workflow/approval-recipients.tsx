// The recipients of a transfer, a copy or a mail (spec part 3 §2.4, §2.5, §2.9): the chosen users as closable tags and
// an Add button that opens the shared user select dialog; users already chosen are not added twice.
import { useState } from 'react';
import { TagInput } from '@/app/components/pickers/tag-input';
import { UserSelectDialog } from '@/app/components/pickers/user-select-dialog';

export interface Recipient {
  number: string;
  name: string;
}

interface Props {
  value: readonly Recipient[];
  onChange(next: Recipient[]): void;
  label: string;
  disabled?: boolean;
}

export function ApprovalRecipients({ value, onChange, label, disabled }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <div data-testid="approval-recipients">
      <TagInput
        label={label}
        tags={value.map((r) => ({ value: r.number, label: r.name && r.name !== r.number ? `${r.name} (${r.number})` : r.number }))}
        onRemove={(number) => onChange(value.filter((r) => r.number !== number))}
        onAdd={() => setOpen(true)}
        disabled={disabled}
      />
      <UserSelectDialog
        opened={open}
        onClose={() => setOpen(false)}
        onConfirm={(users) => {
          const next = [...value];
          for (const u of users) if (!next.some((r) => r.number === u.number)) next.push({ number: u.number, name: u.name });
          onChange(next);
        }}
      />
    </div>
  );
}
