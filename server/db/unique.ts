/** A Postgres unique violation of one index (the error may be wrapped by the driver). */
export const violates = (error: unknown, index: string): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (constraint === index || message?.includes(index))) return true;
  }
  return false;
};
