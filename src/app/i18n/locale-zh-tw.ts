// The Traditional Chinese locale files and dayjs's zh-tw locale as one chunk, loaded by i18n.ts (which merges the
// files) when zh-TW is the language.
import 'dayjs/locale/zh-tw';

export default import.meta.glob('../../../locales/zh-TW/*.json', { eager: true, import: 'default' });
