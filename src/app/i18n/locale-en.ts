// The English locale files as one chunk, loaded by i18n.ts (which merges them) when English is the language.
export default import.meta.glob('../../../locales/en/*.json', { eager: true, import: 'default' });
