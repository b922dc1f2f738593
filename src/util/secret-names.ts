/**
 * Which property names hold a secret: the one rule for everything ink-mcp shows an agent of an app's
 * props (the `ink://<session>/tree` resource). A prop like `apiKey`, `credentials.pass` or
 * `headers.Authorization` is shown as `[redacted]`, so that reading the tree never hands a model
 * the app's credentials.
 *
 * Names are compared by their words, so case and separators do not matter (`apiKey`, `api_key`,
 * `API-KEY`, `apikey` are one name), and a secret word must be a word of the name: `spinner` holds
 * no `pin`, `secretary` no `secret`, `bypass` no `pass`. A name about a secret rather than holding
 * it, whose last word measures or describes (`tokenCount`, `maxTokens`, `passwordLabel`, `tokenUrl`),
 * is not a secret.
 */

export const REDACTED = '[redacted]';

/** Words that make a name secret wherever they stand (`accessToken`, `passwordConfirm`, `pinCode`). */
const SECRET_WORDS: readonly string[] = [
  'password',
  'passwd',
  'passphrase',
  'passcode',
  'secret',
  'secrets',
  'token',
  'credential',
  'credentials',
  'authorization',
  'cookie',
  'cookies',
  'apikey',
  'privatekey',
  'accesskey',
  'signingkey',
  'encryptionkey',
  'masterkey',
  'sessionkey',
  'pin',
  'otp',
  'totp',
  'cvv',
  'cvc',
  'jwt',
  'bearer',
  'mnemonic',
  'seedphrase',
];

/**
 * Words that make a name secret only as its last word: `credentials.pass` and `basicAuth` are
 * secrets; `passThrough` and `authMode` are not.
 */
const SECRET_LAST_WORDS: readonly string[] = ['pass', 'auth'];

/**
 * Words that name a secret only when it is text (a string, a number): an object under such a name
 * is shown, its parts judged by their own names. `auth: { user, pass }` shows `user`; a map's
 * `pin: { x, y }` is a location; `pin: '1234'` and `basicAuth: 'ann:pw'` are hidden.
 */
const TEXT_ONLY_WORDS: ReadonlySet<string> = new Set(['pass', 'auth', 'pin', 'otp']);

/** Last words that make a name describe a secret instead of holding one (`tokenCount`, `passwordLabel`). */
const ABOUT_WORDS: ReadonlySet<string> = new Set([
  'count',
  'counts',
  'length',
  'limit',
  'max',
  'min',
  'size',
  'total',
  'usage',
  'budget',
  'type',
  'kind',
  'label',
  'placeholder',
  'hint',
  'visible',
  'shown',
  'hidden',
  'required',
  'enabled',
  'disabled',
  'strength',
  'policy',
  'url',
  'uri',
  'endpoint',
  'expiry',
  'expires',
  'ttl',
  'index',
  'name',
]);

/**
 * A glued word that ends with a secret word of at least this many letters counts as it
 * (`accesstoken`, `xapikey`, `setcookie`); shorter ones must stand alone (`bypass`, `spin`).
 */
const GLUED_MIN = 5;
/** Only the last words of a very long name are read: a secret word is near its end. */
const MAX_WORDS = 8;

/** The words of a name, lower-cased: split at separators, case changes and digits (`APIKey2` → api, key). */
export function nameWords(name: string): string[] {
  return name
    .slice(-200)
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((word) => word !== '')
    .slice(-MAX_WORDS);
}

/** A name as the author's `redact`/`reveal` lists compare it: its words, glued (case and separators ignored). */
export function normalName(name: string): string {
  return nameWords(name).join('');
}

function matches(glued: string, word: string): boolean {
  return glued === word || (word.length >= GLUED_MIN && glued.endsWith(word));
}

/**
 * How a name holds a secret by the built-in rule (see the module comment): `'whole'`, whatever its
 * value; `'text'`, unless its value is an object (`TEXT_ONLY_WORDS`); undefined, not at all.
 */
export type SecretKind = 'whole' | 'text' | undefined;

export function secretKind(name: string): SecretKind {
  const words = nameWords(name);
  const last = words.length - 1;
  const about = ABOUT_WORDS.has(words[last] ?? '');
  let kind: SecretKind;
  for (let start = 0; start <= last; start++) {
    let glued = '';
    for (let end = start; end <= last; end++) {
      glued += words[end];
      const atEnd = end === last;
      const word =
        (atEnd || !about ? SECRET_WORDS.find((w) => matches(glued, w)) : undefined) ??
        (atEnd ? SECRET_LAST_WORDS.find((w) => matches(glued, w)) : undefined);
      if (word === undefined) continue;
      if (!TEXT_ONLY_WORDS.has(word)) return 'whole';
      kind = 'text';
    }
  }
  return kind;
}

/** Whether the built-in rule calls `name` a secret, for a text value. */
export function looksSecret(name: string): boolean {
  return secretKind(name) !== undefined;
}

/** Whether a prop holds a secret: its name, and for a `'text'` name whether its value is text. */
export type IsSecret = (name: string, value?: unknown) => boolean;

const isObject = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What holds an input's text: `value`, or the starting text of an uncontrolled one. */
export const VALUE_KEYS: readonly string[] = ['value', 'defaultValue', 'initialValue'];

/** Words of a widget type that make it a secret input (`PasswordInput`, `ink-passcode`). */
const SECRET_INPUT_WORDS: readonly string[] = ['password', 'passwd', 'passphrase', 'passcode'];

/**
 * Whether a widget's value is a secret: its type names a secret input, or its id is a secret name
 * (`<TextInput id="apiKey">`). A node offering a sensitive tool is one too (decided where tools are known).
 */
export function holdsSecretValue(type: string, id: unknown, isSecret: IsSecret): boolean {
  return (
    nameWords(type).some((word) => SECRET_INPUT_WORDS.some((secret) => word.includes(secret))) ||
    (typeof id === 'string' && isSecret(id))
  );
}

/**
 * The author's additions to the rule: names to redact although they do not look secret, and names
 * to show although they do. Both compared as whole names, case and separators ignored.
 */
export interface SecretNames {
  /** Names shown as `[redacted]` too (`['ssn', 'connectionString']`). */
  redact?: readonly string[];
  /** Names shown although the rule calls them secret (`['tokenCount']` is not needed; `['pin']` is). Redact wins over reveal. */
  reveal?: readonly string[];
}

/**
 * The rule with the author's additions (a redacted name is hidden whole), remembering its answers:
 * the same names come on every read of the tree.
 */
export function secretNameTest(options: SecretNames = {}): IsSecret {
  const listed = (names: readonly string[] | undefined) =>
    new Set((Array.isArray(names) ? names : []).filter((n) => typeof n === 'string').map(normalName));
  const redact = listed(options.redact);
  const reveal = listed(options.reveal);
  const known = new Map<string, SecretKind | null>();
  return (name, value) => {
    let kind = known.get(name);
    if (kind === undefined) {
      const normal = normalName(name);
      kind = (redact.has(normal) ? 'whole' : reveal.has(normal) ? undefined : secretKind(name)) ?? null;
      if (known.size >= 4096) known.clear();
      known.set(name, kind);
    }
    return kind === 'whole' || (kind === 'text' && !isObject(value));
  };
}
