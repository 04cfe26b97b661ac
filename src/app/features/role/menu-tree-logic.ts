// Pure logic of the role's menu tree (spec part 2 §2 Roles): strict checking (a node's check never touches its parents
// or children), check-all, and the all-data flag that only a checked node that supports data scope can carry.
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

/** Check-all: every node, or none (keeping no all-data flags). */
export function checkAll(tree: readonly MenuTreeNode[], on: boolean, allData: readonly string[]) {
  return on ? { menuIds: allIds(tree), menuAllData: [...allData] } : { menuIds: [], menuAllData: [] };
}

/** The all-data ids worth sending: flags of checked nodes that support data scope. */
export function sentAllData(tree: readonly MenuTreeNode[], checked: readonly string[], allData: readonly string[]): string[] {
  const data = new Set<string>();
  const walk = (ns: readonly MenuTreeNode[]) =>
    ns.forEach((n) => {
      if (n.isData) data.add(String(n.id));
      walk(n.submenuList);
    });
  walk(tree);
  const c = new Set(checked);
  return allData.filter((id) => data.has(id) && c.has(id));
}
