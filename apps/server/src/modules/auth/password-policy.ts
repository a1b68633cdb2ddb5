/** Passwords people pick first; rejected whatever their length. Lower-case, compared case-insensitively. */
const COMMON_PASSWORDS = new Set([
  '123456789012',
  '1234567890',
  '12345678910',
  'password123',
  'password1234',
  'password12345',
  'passw0rd123',
  'qwertyuiop',
  'qwertyuiop1',
  'qwerty12345',
  'qwerty123456',
  '1q2w3e4r5t',
  '1q2w3e4r5t6y',
  'iloveyou123',
  'letmein1234',
  'welcome1234',
  'welcome123!',
  'admin12345',
  'administrator',
  'abc1234567',
  'abcdef12345',
  'football123',
  'baseball123',
  'sunshine123',
  'princess123',
  'trustno1234',
  'changeme123',
  'monkey12345',
  'dragon12345',
  'master12345',
  'superman123',
  'starwars123',
  'whatever123',
  'uncrumple123',
  'zaq12wsxcde',
  '0987654321',
  'asdfghjkl1',
  'asdfghjkl123',
  'password!23',
  'p@ssw0rd123',
]);

export const MIN_PASSWORD_LENGTH = 10;

/**
 * Returns every rule the password breaks, as user-facing sentences (empty when it is acceptable).
 *
 * @example
 * passwordProblems('short', 'ana@example.com'); // ['Use at least 10 characters.', ...]
 */
export function passwordProblems(password: string, email?: string): string[] {
  const problems: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) {
    problems.push(`Use at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (/^[\p{L}]+$/u.test(password)) {
    problems.push('Do not use only letters: add a digit or a symbol.');
  }
  if (/^\d+$/.test(password)) problems.push('Do not use only digits: add letters.');
  const local = email?.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= 3 && password.toLowerCase().includes(local)) {
    problems.push('Do not include your email address in the password.');
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    problems.push('This password is too common: choose one that is harder to guess.');
  }
  return problems;
}

/** One message listing every failing rule. */
export function passwordProblemsMessage(problems: string[]): string {
  return `Password is too weak: ${problems.join(' ')}`;
}
