// The tag-input widget (spec part 3 §2.9): the chosen items as closable tags, with an optional button that opens
// a picker to add more (e.g. the users of a role or the CC recipients of an approval).
import { Button, Group, Pill, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface Tag {
  value: string;
  label: string;
}

interface Props {
  tags: readonly Tag[];
  onRemove(value: string): void;
  /** Shown as an "add" button after the tags. */
  onAdd?(): void;
  label?: string;
  disabled?: boolean;
}

export function TagInput({ tags, onRemove, onAdd, label, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <div data-testid="tag-input">
      {label && (
        <Text size="sm" fw={500} mb={4}>
          {label}
        </Text>
      )}
      <Group gap={6} wrap="wrap">
        <Pill.Group>
          {tags.map((tag) => (
            <Pill
              key={tag.value}
              withRemoveButton={!disabled}
              onRemove={() => onRemove(tag.value)}
              // Mantine hides a pill's close button from the keyboard and screen readers (inside PillsInput Backspace
              // removes); standing alone, the button is the only way to close a tag, so it must be reachable and named.
              removeButtonProps={{ 'aria-label': `${t('crud.remove')} ${tag.label}`, 'aria-hidden': false, tabIndex: 0 }}
            >
              {tag.label}
            </Pill>
          ))}
        </Pill.Group>
        {onAdd && !disabled && (
          <Button size="compact-sm" variant="light" onClick={onAdd} data-testid="tag-add">
            {t('crud.add')}
          </Button>
        )}
      </Group>
    </div>
  );
}
