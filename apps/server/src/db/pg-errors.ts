/** A unique constraint refused the write (SQLSTATE 23505), from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}
