// Locales (DESIGN §3.7): en and zh-TW carry the same keys over all their files, every server message key is translated,
// and every password check of the shared policy has its validation message.
import { describe, expect, it } from 'vitest';
import { messageKeys } from '@/shared/contracts/messages';
import { fieldMessageKey, SERVER_FIELD_KINDS } from '@/shared/contracts/field-messages';
import type { PasswordCheck } from '@/shared/domain/password-policy';
import { deepMerge, flatKeys, mergeLocaleFiles, translations, type Tree } from '@/app/i18n/resources';

/** Every check the policy can return; `satisfies` makes tsc fail when a check is added without a line here. */
const passwordChecks = Object.keys({
  oldPasswordRequired: true,
  passwordRequired: true,
  confirmRequired: true,
  passwordMismatch: true,
  passwordTooShort: true,
  passwordTooLong: true,
  passwordDigitLetter: true,
  passwordCapital: true,
  passwordLength620: true,
  passwordCharacters: true,
  passwordIsInitial: true,
  passwordSameAsCurrent: true,
} satisfies Record<PasswordCheck, true>);

const en = new Set(flatKeys(translations.en));
const tw = new Set(flatKeys(translations['zh-TW']));

describe('locale files', () => {
  it('loads the common file of both languages', () => {
    expect(en.has('login.submit')).toBe(true);
    expect(tw.has('login.submit')).toBe(true);
  });

  it('have the same keys in en and zh-TW', () => {
    expect([...en].filter((k) => !tw.has(k)), 'missing in zh-TW').toEqual([]);
    expect([...tw].filter((k) => !en.has(k)), 'missing in en').toEqual([]);
  });

  it('translate every server message key as errors.<key>, plus the connection error', () => {
    for (const keys of [en, tw]) {
      expect(messageKeys.filter((k) => !keys.has(`errors.${k}`))).toEqual([]);
      expect(keys.has('errors.connectionError')).toBe(true);
    }
  });

  it('translate every kind of field error the server reports itself', () => {
    for (const keys of [en, tw]) expect(SERVER_FIELD_KINDS.map(fieldMessageKey).filter((k) => !keys.has(k))).toEqual([]);
    expect(fieldMessageKey('notFound:X1,X2')).toBe('crud.validation.notFound');
    expect(fieldMessageKey('validation.categoryRequired')).toBe('validation.categoryRequired');
  });

  it('have a validation message for every password check', () => {
    for (const keys of [en, tw]) expect(passwordChecks.filter((c) => !keys.has(`validation.${c}`))).toEqual([]);
  });

  it('use Traditional Chinese, not Simplified, in zh-TW', () => {
    // Characters that exist only in Simplified Chinese and commonly slip in.
    const simplified = /[这个们设码录数据删错误户选单页资认据请输时间户应]/u;
    const bad = flatKeys(translations['zh-TW']).filter((k) => simplified.test(String(k.split('.').reduce<Tree | string>((t, p) => (t as Tree)[p], translations['zh-TW']))));
    expect(bad).toEqual([]);
  });

  it('deep-merges files of one language, so each area can add its own branch', () => {
    const merged = mergeLocaleFiles({
      '/locales/en/common.json': { fields: { product: { name: 'Name' } }, a: 'x' },
      '/locales/en/master-data.json': { fields: { product: { code: 'Code' } } },
      '/locales/zh-TW/common.json': { a: 'y' },
    });
    expect(merged.en).toEqual({ a: 'x', fields: { product: { name: 'Name', code: 'Code' } } });
    expect(merged['zh-TW']).toEqual({ a: 'y' });
    expect(deepMerge({ a: { b: '1' } }, { a: { c: '2' } })).toEqual({ a: { b: '1', c: '2' } });
  });
});
