// Locale trees: every locales/<folder>/*.json of a language deep-merged into one tree, so each area (common.json,
// master-data.json, ...) adds its own keys without touching the others' files. Pure helpers, no texts.
import type { Language } from '@/shared/domain/constants';

export type Tree = { [key: string]: string | Tree };

/** Locale folders under locales/; the app's language codes map onto them. */
export const LOCALE_FOLDERS = ['en', 'zh-TW'] as const;
export type LocaleFolder = (typeof LOCALE_FOLDERS)[number];

export const folderOf = (lang: Language): LocaleFolder => (lang === 'zh-tw' ? 'zh-TW' : 'en');

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Merges `src` into `dst` recursively; a leaf in a later file wins. */
export function deepMerge(dst: Tree, src: Tree): Tree {
  for (const [k, v] of Object.entries(src)) {
    const cur = dst[k];
    if (isTree(v)) dst[k] = deepMerge(isTree(cur) ? cur : {}, v);
    else dst[k] = v;
  }
  return dst;
}

/** Groups files by locale folder (the path's parent folder name) and merges them in path order. */
export function mergeLocaleFiles(files: Record<string, unknown>): Record<LocaleFolder, Tree> {
  const out = Object.fromEntries(LOCALE_FOLDERS.map((f) => [f, {} as Tree])) as Record<LocaleFolder, Tree>;
  for (const path of Object.keys(files).sort()) {
    const folder = path.split('/').slice(-2)[0] as LocaleFolder;
    const content = files[path];
    if (!(folder in out) || !isTree(content)) continue;
    deepMerge(out[folder], content);
  }
  return out;
}

/** Every dotted key of a tree whose value is a string. */
export function flatKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (isTree(v) ? flatKeys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}
