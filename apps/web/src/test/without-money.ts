import { MONEY_FIELDS } from '@kuku/domain';

/** An answer as the server sends it to a role that does not see money: the money fields left out (decision 051). */
export function withoutMoney<T extends object>(value: T): T {
  const copy = { ...value } as Record<string, unknown>;
  for (const field of MONEY_FIELDS) delete copy[field];
  return copy as T;
}
