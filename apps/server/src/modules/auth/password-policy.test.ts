import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-policy.ts';

describe('passwordProblems', () => {
  it('accepts a long mixed password', () => {
    expect(passwordProblems('correct horse 42 staple', 'ana@example.com')).toEqual([]);
  });

  it('names every failing rule at once', () => {
    const problems = passwordProblems('short', 'ana@example.com');
    expect(problems).toEqual([
      'Use at least 10 characters.',
      'Do not use only letters: add a digit or a symbol.',
    ]);
  });

  it('rejects digits only, the email local part and common passwords', () => {
    expect(passwordProblems('12345678901234')).toContain('Do not use only digits: add letters.');
    expect(passwordProblems('xx-anabelle-2024', 'Anabelle@example.com')).toContain(
      'Do not include your email address in the password.',
    );
    expect(passwordProblems('Password123', 'z@example.com')).toEqual([
      'This password is too common: choose one that is harder to guess.',
    ]);
  });

  it('treats letters of any script as letters', () => {
    expect(passwordProblems('ÄöüßÉñçàèìò')).toContain(
      'Do not use only letters: add a digit or a symbol.',
    );
  });
});
