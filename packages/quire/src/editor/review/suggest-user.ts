import { QuireOptionsError } from '../../quire-options-error.js';

/** The person using the editor: the author of the changes suggested and the comments made. */
export interface EditorUser {
  /** The name written as the author (`w:author`) of each new change; not empty. */
  readonly name: string;
  readonly initials?: string;
  readonly email?: string;
}

/** The author of new changes when the `user` option is not given: Word would write its own user name, an embedded editor knows none. */
export const DEFAULT_USER: EditorUser = { name: 'Quire user' };

/** Returns `value` as an {@link EditorUser}; throws a {@link QuireOptionsError} naming `option` for another shape. */
export function readUser(value: unknown, option: string): EditorUser {
  if (typeof value !== 'object' || value === null) throw new QuireOptionsError(option, 'must be an object with a `name`.');
  const { name, initials, email, ...rest } = value as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw new QuireOptionsError(`${option}.${unknown[0]}`, 'is not a known field (name, initials, email).');
  if (typeof name !== 'string' || name.trim() === '') throw new QuireOptionsError(`${option}.name`, 'must be a non-empty string.');
  if (initials !== undefined && typeof initials !== 'string') throw new QuireOptionsError(`${option}.initials`, 'must be a string.');
  if (email !== undefined && typeof email !== 'string') throw new QuireOptionsError(`${option}.email`, 'must be a string.');
  return { name, ...(initials !== undefined ? { initials } : {}), ...(email !== undefined ? { email } : {}) };
}
