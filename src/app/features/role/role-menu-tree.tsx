// The menus and buttons of a role as a tree (spec part 2 §2 Roles): side menus (type 1) and buttons (type 2) from
// getmenutree, each with a checkbox (strict: no cascading), a type tag and, where the entry supports data scope, an
// all-data checkbox; a check-all on top. Read-only on the details page. Names in the user's language. Without a network
// the tree gives way to the offline state with Retry.
import { useState } from 'react';
import { ActionIcon, Badge, Box, Checkbox, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { menuName } from '@/app/i18n/i18n';
import { OfflineState, queryOffline } from '@/app/components/shell/status-page';
import { getMenuTree, type MenuTreeNode } from '@/shared/contracts/menu';
import { MENU_TYPE } from '@/shared/domain/constants';
import { allIds, checkAll, toggleAllData, toggleNode } from './menu-tree-logic';

export interface TreeValue {
  menuIds: string[];
  menuAllData: string[];
}

/** The tree of side menus and buttons, read once per screen. */
export function useMenuTree() {
  const q = useQuery({ queryKey: ['menu-tree'], retry: false, staleTime: 0, queryFn: ({ signal }) => call(getMenuTree, {}, { signal }) });
  const net = queryOffline(q);
  return { tree: q.data ?? [], loading: q.isFetching, failed: q.isError, offline: net.offline && !q.data, onRetry: net.retry };
}

interface Props {
  tree: readonly MenuTreeNode[];
  loading?: boolean;
  value: TreeValue;
  onChange?(v: TreeValue): void;
  /** The tree could not be loaded for want of a network: the offline state with `onRetry`. */
  offline?: boolean;
  onRetry?(): void;
}

function Node({ node, depth, props, collapsed, toggleCollapsed }: { node: MenuTreeNode; depth: number; props: Props; collapsed: Set<number>; toggleCollapsed(id: number): void }) {
  const { t } = useTranslation();
  const id = String(node.id);
  const { value, onChange } = props;
  const readOnly = !onChange;
  const checked = value.menuIds.includes(id);
  const allData = value.menuAllData.includes(id);
  const open = !collapsed.has(node.id);
  const isButton = node.type === MENU_TYPE.button;
  return (
    <>
      <Group gap={6} wrap="nowrap" pl={depth * 24} py={2} data-testid={`tree-node-${node.id}`}>
        {node.submenuList.length ? (
          <ActionIcon
            variant="subtle"
            size="xs"
            color="gray"
            onClick={() => toggleCollapsed(node.id)}
            aria-label={t(open ? 'pages.role.collapse' : 'pages.role.expand')}
            aria-expanded={open}
          >
            {open ? '▾' : '▸'}
          </ActionIcon>
        ) : (
          <Box w={18} />
        )}
        <Checkbox
          size="xs"
          checked={checked}
          readOnly={readOnly}
          onChange={readOnly ? undefined : (e) => onChange(toggleNode(value.menuIds, value.menuAllData, id, e.currentTarget.checked))}
          label={menuName(node)}
          data-testid="tree-check"
          data-checked={checked}
        />
        <Badge size="xs" variant="light" color={isButton ? 'grape' : 'blue'}>
          {t(isButton ? 'pages.role.typeButton' : 'pages.role.typeMenu')}
        </Badge>
        {node.isData && (
          <Checkbox
            size="xs"
            color="teal"
            checked={allData}
            readOnly={readOnly}
            onChange={readOnly ? undefined : (e) => onChange(toggleAllData(value.menuIds, value.menuAllData, id, e.currentTarget.checked))}
            label={t('pages.role.allData')}
            data-testid="tree-all-data"
          />
        )}
      </Group>
      {open && node.submenuList.map((c) => <Node key={c.id} node={c} depth={depth + 1} props={props} collapsed={collapsed} toggleCollapsed={toggleCollapsed} />)}
    </>
  );
}

export function RoleMenuTree(props: Props) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const toggleCollapsed = (id: number) =>
    setCollapsed((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const ids = allIds(props.tree);
  const count = props.value.menuIds.filter((x) => ids.includes(x)).length;
  const { onChange } = props;
  return (
    <Paper withBorder p="sm" data-testid="menu-tree">
      <Stack gap={4}>
        <Group justify="space-between">
          <Title order={6}>{t('pages.role.menus')}</Title>
          {onChange && props.tree.length > 0 && (
            <Checkbox
              size="xs"
              label={t('pages.role.checkAll')}
              checked={ids.length > 0 && count === ids.length}
              indeterminate={count > 0 && count < ids.length}
              onChange={(e) => onChange(checkAll(props.tree, e.currentTarget.checked, props.value.menuIds, props.value.menuAllData))}
              data-testid="tree-check-all"
            />
          )}
        </Group>
        {props.offline && !props.tree.length ? <OfflineState compact onRetry={props.onRetry} busy={props.loading} /> : null}
        {props.loading && !props.offline && !props.tree.length ? <Loader size="sm" /> : null}
        {!props.loading && !props.offline && !props.tree.length ? (
          <Text size="sm" c="dimmed">
            {t('crud.noData')}
          </Text>
        ) : null}
        {props.tree.map((n) => (
          <Node key={n.id} node={n} depth={0} props={props} collapsed={collapsed} toggleCollapsed={toggleCollapsed} />
        ))}
      </Stack>
    </Paper>
  );
}
