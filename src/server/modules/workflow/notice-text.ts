// The approval mails' texts, in the recipient's language (users.language): locales/<folder>/workflow-mail.json, the
// same files the app loads, so a text is written once per language and the locale test keeps the two in step. Step
// titles that are the designer's label keys (workflow.node.*) are translated too.
import enMail from '../../../../locales/en/workflow-mail.json';
import zhMail from '../../../../locales/zh-TW/workflow-mail.json';
import enFlow from '../../../../locales/en/workflow.json';
import zhFlow from '../../../../locales/zh-TW/workflow.json';

export type NoticeEvent = 'requested' | 'forwarded' | 'cc' | 'ccBy' | 'approved' | 'returned' | 'recalled' | 'withdrawn' | 'pointed';

export interface NoticeParams {
  /** Who acted (the caller's name). */
  by?: string;
  /** The comment the caller wrote. */
  content?: string;
  /** The step now waiting: its order and title (a label key or typed text). */
  step?: number;
  title?: string;
}

type Tree = { [key: string]: string | Tree };

const trees = {
  en: { mail: enMail.workflow.mail, flow: enFlow as unknown as Tree },
  'zh-TW': { mail: zhMail.workflow.mail, flow: zhFlow as unknown as Tree },
};

const lookup = (tree: Tree, key: string): string | undefined => {
  let cur: string | Tree | undefined = tree;
  for (const part of key.split('.')) cur = typeof cur === 'object' ? cur[part] : undefined;
  return typeof cur === 'string' ? cur : undefined;
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/** Subject and text of an approval mail for a recipient of this language; `ref` names the form ("TW 2040-01 rule 1"). */
export function noticeText(language: string, event: NoticeEvent, ref: string, p: NoticeParams, link: string): { subject: string; text: string } {
  const { mail, flow } = trees[language === 'zh-tw' ? 'zh-TW' : 'en'];
  const title = p.title ? (lookup(flow, p.title) ?? p.title) : '';
  const values = { ref, by: p.by ?? '', content: p.content ?? '', step: p.step === undefined ? '' : String(p.step), title, link };
  const what = fill(mail[event].what, values);
  const lines = [fill(mail[event].text, values)];
  if (p.content) lines.push(fill(mail.comment, values));
  if (link) lines.push(fill(mail.link, values));
  return { subject: fill(mail.subject, { ...values, what }), text: lines.join('\n\n') };
}
