// Both languages' texts at once, for the locale checks (tests/unit/locales.test.ts). The app never loads this module:
// it loads only the active language (locale-en.ts or locale-zh-tw.ts, through i18n.ts).
import { mergeLocaleFiles, type Tree } from './locale-tree';

export * from './locale-tree';

const files = import.meta.glob<Tree>('../../../locales/*/*.json', { eager: true, import: 'default' });

export const translations = mergeLocaleFiles(files);
