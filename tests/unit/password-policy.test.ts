// The password rules of spec part 2 §5: the 6–8 rule of the change dialogs, the 6–20 rule of the admin dialog,
// and the order in which the own-password dialog checks its fields; no control or space characters, and a new own
// password is neither the initial nor the current one (issue 6).
import { describe, expect, it } from 'vitest';
import { checkAdminPassword, checkNewOwnPassword, checkPasswordChange, checkStrongPassword } from '@/shared/domain/password-policy';

describe('6–8 rule', () => {
  it.each([
    ['Ab1', 'passwordTooShort'],
    ['Abc12', 'passwordTooShort'],
    ['Abcdef123', 'passwordTooLong'],
    ['Abcdefg', 'passwordDigitLetter'],
    ['123456', 'passwordDigitLetter'],
    ['abc123', 'passwordCapital'],
    ['Abc123', null],
    ['Sales@12', null],
    ['Abc 123', 'passwordCharacters'],
    ['Abc\t123', 'passwordCharacters'],
    ['Abc\u0000123', 'passwordCharacters'],
    ['Abc\u007f123', 'passwordCharacters'],
    ['Abc\u0085123', 'passwordCharacters'],
    ['Abc\u00a0123', 'passwordCharacters'],
    ['Abc\u200b123', 'passwordCharacters'],
    ['Abc\u3000123', 'passwordCharacters'],
    ['Äbc123', 'passwordCapital'],
    ['Abç123', null],
  ])('%s -> %s', (pw, expected) => {
    expect(checkStrongPassword(pw)).toBe(expected);
  });
});

describe('6–20 rule', () => {
  it('needs a password of 6 to 20 characters', () => {
    expect(checkAdminPassword('')).toBe('passwordRequired');
    expect(checkAdminPassword('abcde')).toBe('passwordLength620');
    expect(checkAdminPassword('abcdef')).toBeNull();
    expect(checkAdminPassword('a'.repeat(20))).toBeNull();
    expect(checkAdminPassword('a'.repeat(21))).toBe('passwordLength620');
  });

  it('refuses control and space characters but not the initial password (signing in with it forces a change)', () => {
    expect(checkAdminPassword('with space')).toBe('passwordCharacters');
    expect(checkAdminPassword('line\nbreak')).toBe('passwordCharacters');
    expect(checkAdminPassword(' leading')).toBe('passwordCharacters');
    expect(checkAdminPassword('Sales@123')).toBeNull();
  });
});

describe('new own password', () => {
  it('is not the initial password nor the current one, after the 6–8 rule', () => {
    expect(checkNewOwnPassword('Sales@12', { initial: 'Sales@12' })).toBe('passwordIsInitial');
    expect(checkNewOwnPassword('Abc123', { current: 'Abc123' })).toBe('passwordSameAsCurrent');
    expect(checkNewOwnPassword('Abc 123', { current: 'Abc 123' })).toBe('passwordCharacters');
    expect(checkNewOwnPassword('Abc123', { initial: 'Sales@12', current: 'Abc124' })).toBeNull();
  });
});

describe('own-password dialog', () => {
  it('checks in the spec order: old, new, confirm, mismatch, then the 6–8 rule', () => {
    expect(checkPasswordChange({ old: '', password: '', confirm: '' })).toBe('oldPasswordRequired');
    expect(checkPasswordChange({ old: 'x', password: '', confirm: '' })).toBe('passwordRequired');
    expect(checkPasswordChange({ old: 'x', password: 'ab', confirm: '' })).toBe('confirmRequired');
    expect(checkPasswordChange({ old: 'x', password: 'ab', confirm: 'abc' })).toBe('passwordMismatch');
    expect(checkPasswordChange({ old: 'x', password: 'ab', confirm: 'ab' })).toBe('passwordTooShort');
    expect(checkPasswordChange({ old: 'x', password: 'abcdefghi', confirm: 'abcdefghi' })).toBe('passwordTooLong');
    expect(checkPasswordChange({ old: 'x', password: 'abcdefg', confirm: 'abcdefg' })).toBe('passwordDigitLetter');
    expect(checkPasswordChange({ old: 'x', password: 'abc123', confirm: 'abc123' })).toBe('passwordCapital');
    expect(checkPasswordChange({ old: 'x', password: 'Abc 12', confirm: 'Abc 12' })).toBe('passwordCharacters');
    expect(checkPasswordChange({ old: 'Abc123', password: 'Abc123', confirm: 'Abc123' })).toBe('passwordSameAsCurrent');
    expect(checkPasswordChange({ old: 'x', password: 'Abc123', confirm: 'Abc123' })).toBeNull();
  });

  it('skips the old-password check when the form has no old-password field (reset by mail link)', () => {
    expect(checkPasswordChange({ password: '', confirm: '' })).toBe('passwordRequired');
    expect(checkPasswordChange({ password: 'Abc123', confirm: 'Abc123' })).toBeNull();
  });
});
