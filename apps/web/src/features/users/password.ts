const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*-_=+?';
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;

const pick = (set: string) => {
  const [n = 0] = crypto.getRandomValues(new Uint32Array(1));
  return set.charAt(n % set.length);
};

/**
 * A strong random password for a new account (16 characters, at least one of each kind, no look-alike
 * letters such as l/1 or O/0, since the admin passes it on by hand).
 */
export function generatePassword(length = 16): string {
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const [n = 0] = crypto.getRandomValues(new Uint32Array(1));
    const j = n % (i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}
