/** The instant the template database is seeded at; test clocks start here. */
export const TEST_EPOCH = new Date('2026-06-01T12:00:00Z');

/** The maintenance database of the server DATABASE_URL points at, for CREATE/DROP DATABASE. */
export const adminUrl = (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
};

export const templateName = () => `tendwell_template_${process.pid}`;
