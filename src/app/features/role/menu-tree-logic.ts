// Pure logic of the role's menu tree (spec part 2 §2 Roles): strict checking (a node's check never touches its parents
// or children), check-all, and the all-data flag that only a checked node that supports data scope can carry.
// Grants of entries missing from the tree (disabled ones, which getmenutree leaves out) are kept as they are: the
// administrator cannot see them, so an edit must not drop them or their flags.
import type { MenuTreeNode } from '@/shared/contracts/menu';

export function allIds(nodes: readonly MenuTreeNode[]): string[] {
  return nodes.flatMap((n) => [String(n.id), ...allIds(n.submenuList)]);
}

/** Checks or unchecks one node only; unchecking drops its all-data flag. */
export function toggleNode(checked: readonly string[], allData: readonly string[], id: string, on: boolean) {
  const c = new Set(checked);
  const a = new Set(allData);
  if (on) c.add(id);
  else {
    c.delete(id);
    a.delete(id);
  }
  return { menuIds: [...c], menuAllData: [...a] };
}

/** The all-data flag of a node: setting it also checks the node (a flag alone grants the entry anyway). */
export function toggleAllData(checked: readonly string[], allData: readonly string[], id: string, on: boolean) {
  const c = new Set(checked);
  const a = new Set(allData);
  if (on) {
    a.add(id);
    c.add(id);
  } else a.delete(id);
  return { menuIds: [...c], menuAllData: [...a] };
}

/** Check-all: every node of the tree, or none of them (dropping their all-data flags). */
export function checkAll(tree: readonly MenuTreeNode[], on: boolean, checked: readonly string[], allData: readonly string[]) {
  const inTree = new Set(allIds(tree));
  const hidden = checked.filter((id) => !inTree.has(id));
  if (on) return { menuIds: [...hidden, ...inTree], menuAllData: [...allData] };
  return { menuIds: hidden, menuAllData: allData.filter((id) => !inTree.has(id)) };
}

/** The all-data ids worth sending: flags of checked nodes that support data scope, and those of entries not in the tree. */
export function sentAllData(tree: readonly MenuTreeNode[], checked: readonly string[], allData: readonly string[]): string[] {
  const data = new Set<string>();
  const inTree = new Set<string>();
  const walk = (ns: readonly MenuTreeNode[]) =>
    ns.forEach((n) => {
      inTree.add(String(n.id));
      if (n.isData) data.add(String(n.id));
      walk(n.submenuList);
    });
  walk(tree);
  const c = new Set(checked);
  return allData.filter((id) => c.has(id) && (data.has(id) || !inTree.has(id)));
}
