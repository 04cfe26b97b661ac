// The designer's drawing of a flow tree (spec part 3 §2.3, §4.3): node cards in a vertical sequence joined by lines, a
// plus button after each node (approver, condition branch, CC), condition containers with their branches side by side
// and an "Add condition" button, delete buttons (never on C-1), and the end node at the bottom. Wide branch sets scroll
// sideways inside the canvas. Pure drawing: every change goes back through the callbacks.
import type { ReactNode } from 'react';
import { ActionIcon, Badge, Box, Button, CloseButton, Group, Menu, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NODE_TYPE } from '@/shared/contracts/workflow';
import { ROOT_CODE, type AddKind, type TreeNode } from '@/shared/domain/workflow-flow';
import { nodeTitle, ruleSummary, type Names } from './flow-text';

export interface CanvasActions {
  onAdd(code: string, kind: AddKind): void;
  onAddBranch(containerCode: string): void;
  onRemove(code: string): void;
  onOpen(code: string): void;
}

interface Props extends CanvasActions {
  root: TreeNode;
  names: Names;
  /** Codes of nodes with a problem (outlined red). */
  problems: ReadonlySet<string>;
}

const COLORS: Record<number, string> = {
  [NODE_TYPE.approver]: 'orange',
  [NODE_TYPE.cc]: 'teal',
  [NODE_TYPE.branch]: 'grape',
};

const CARD_WIDTH = 220;

function Line({ h = 20 }: { h?: number }) {
  return <Box w={2} h={h} bg="gray.4" aria-hidden />;
}

function AddButton({ code, onAdd }: { code: string; onAdd: CanvasActions['onAdd'] }) {
  const { t } = useTranslation();
  return (
    <Menu position="right-start" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon radius="xl" size="md" variant="filled" color="blue" aria-label={t('workflow.designer.add')} data-testid="flow-add" data-code={code}>
          +
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onAdd(code, 'approver')} data-testid="flow-add-approver">
          {t('workflow.designer.addApprover')}
        </Menu.Item>
        <Menu.Item onClick={() => onAdd(code, 'branch')} data-testid="flow-add-branch">
          {t('workflow.designer.addBranch')}
        </Menu.Item>
        <Menu.Item onClick={() => onAdd(code, 'cc')} data-testid="flow-add-cc">
          {t('workflow.designer.addCc')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function NodeCard({ t: tn, names, problem, actions }: { t: TreeNode; names: Names; problem: boolean; actions: CanvasActions }) {
  const { t } = useTranslation();
  const { node } = tn;
  const root = node.code === ROOT_CODE;
  const color = root ? 'blue' : (COLORS[node.type] ?? 'gray');
  const summary = ruleSummary(tn, names);
  return (
    <Paper
      withBorder
      shadow="xs"
      w={CARD_WIDTH}
      radius="md"
      style={{ overflow: 'hidden', borderColor: problem ? 'var(--mantine-color-red-6)' : undefined, borderWidth: problem ? 2 : undefined }}
      data-testid="flow-node"
      data-code={node.code}
      data-type={node.type}
      data-problem={problem || undefined}
    >
      <Group justify="space-between" wrap="nowrap" px="xs" py={4} bg={`${color}.6`} c="white" gap={4}>
        <Text size="sm" fw={600} truncate>
          {nodeTitle(node)}
        </Text>
        {!root && (
          <CloseButton
            size="sm"
            variant="transparent"
            c="white"
            aria-label={t('workflow.designer.deleteNode')}
            onClick={() => actions.onRemove(node.code)}
            data-testid="flow-delete"
            data-code={node.code}
          />
        )}
      </Group>
      <UnstyledButton
        w="100%"
        px="xs"
        py={8}
        disabled={root}
        onClick={() => actions.onOpen(node.code)}
        aria-label={root ? undefined : `${t('workflow.designer.open')} ${nodeTitle(node)}`}
        data-testid="flow-open"
        data-code={node.code}
        style={{ cursor: root ? 'default' : 'pointer' }}
      >
        <Text size="sm" c={summary.empty ? 'dimmed' : undefined} lineClamp={3}>
          {summary.text}
        </Text>
      </UnstyledButton>
    </Paper>
  );
}

/** A node, the plus button after it, and what follows it (to the end of its sequence). */
function Sequence({ t: tn, ctx }: { t: TreeNode | null; ctx: Omit<Props, 'root'> }) {
  const out: ReactNode[] = [];
  let cur = tn;
  while (cur) {
    const node = cur.node;
    if (node.type === NODE_TYPE.container) {
      out.push(<Container key={node.code} t={cur} ctx={ctx} />);
      // The merge node is not drawn as a card: its plus button adds after the whole container.
      const merge = cur.next;
      out.push(<Line key={`${node.code}-l`} />, <AddButton key={`${node.code}-a`} code={merge?.node.code ?? node.code} onAdd={ctx.onAdd} />);
      cur = merge?.next ?? null;
    } else {
      out.push(
        <NodeCard key={node.code} t={cur} names={ctx.names} problem={ctx.problems.has(node.code)} actions={ctx} />,
        <Line key={`${node.code}-l`} />,
        <AddButton key={`${node.code}-a`} code={node.code} onAdd={ctx.onAdd} />,
      );
      cur = cur.next;
    }
    if (cur) out.push(<Line key={`${node.code}-n`} />);
  }
  return (
    <Stack gap={0} align="center">
      {out}
    </Stack>
  );
}

function Container({ t: tn, ctx }: { t: TreeNode; ctx: Omit<Props, 'root'> }) {
  const { t } = useTranslation();
  const problem = ctx.problems.has(tn.node.code);
  return (
    <Stack gap={0} align="center" data-testid="flow-container" data-code={tn.node.code}>
      <Paper
        withBorder
        radius="md"
        p="sm"
        style={{ borderStyle: 'dashed', borderColor: problem ? 'var(--mantine-color-red-6)' : undefined }}
        data-testid="flow-node"
        data-code={tn.node.code}
        data-type={tn.node.type}
      >
        <Group justify="center" gap="xs" mb="sm" wrap="nowrap">
          <Badge variant="light" color="grape">
            {nodeTitle(tn.node)}
          </Badge>
          <Button size="compact-sm" variant="light" onClick={() => ctx.onAddBranch(tn.node.code)} data-testid="flow-add-condition" data-code={tn.node.code}>
            {t('workflow.designer.addCondition')}
          </Button>
          <CloseButton
            size="sm"
            aria-label={t('workflow.designer.deleteNode')}
            onClick={() => ctx.onRemove(tn.node.code)}
            data-testid="flow-delete"
            data-code={tn.node.code}
          />
        </Group>
        <Group gap="md" align="flex-start" wrap="nowrap">
          {tn.branches.map((b) => (
            <Box key={b.node.code} px="xs" style={{ borderTop: '2px solid var(--mantine-color-gray-4)' }} pt="sm">
              <Sequence t={b} ctx={ctx} />
            </Box>
          ))}
        </Group>
      </Paper>
    </Stack>
  );
}

export function FlowCanvas({ root, ...ctx }: Props) {
  const { t } = useTranslation();
  return (
    // The inner box is as wide as the tree: centred when it fits, scrolled sideways when it does not.
    <Box style={{ overflowX: 'auto' }} py="md" data-testid="flow-canvas">
      <Box w="max-content" mx="auto" px="md">
        <Stack gap={0} align="center">
          <Sequence t={root} ctx={ctx} />
          <Line />
          <Paper radius="xl" px="lg" py={6} bg="gray.2" data-testid="flow-end">
            <Text size="sm" fw={600} c="dimmed">
              {t('workflow.node.end')}
            </Text>
          </Paper>
        </Stack>
      </Box>
    </Box>
  );
}
