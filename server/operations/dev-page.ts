import type { OutboxMessage } from '../services/outbox';

/** HTML-escapes text for element content and quoted attribute values. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"'`]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' })[ch]!);

/** Only http(s) links become clickable; anything else is shown as text. */
const safeHref = (link: string): string | null => {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
};

const renderMessage = (m: OutboxMessage, index: number): string => {
  const href = m.link ? safeHref(m.link) : null;
  const link = m.link
    ? `<p class="link">Link: ${href ? `<a href="${escapeHtml(href)}">${escapeHtml(m.link)}</a>` : escapeHtml(m.link)}</p>`
    : '';
  const code = m.code ? `<p class="code">Code: <strong data-testid="outbox-code">${escapeHtml(m.code)}</strong></p>` : '';
  return `<article aria-labelledby="m${index}">
  <h2 id="m${index}">${escapeHtml(m.channel === 'sms' ? 'Text message' : m.subject || '(no subject)')}</h2>
  <p class="meta"><span>${escapeHtml(m.channel)}</span> to <a href="?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a> · <time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt)}</time></p>
  ${code}${link}
  <pre>${escapeHtml(m.body)}</pre>
</article>`;
};

/**
 * The development outbox page (/dev/outbox): every email and text message the server sent, newest last,
 * optionally only those to one address (`?to=`). Each shows its code or link. Everything is escaped.
 */
export const renderOutboxPage = (messages: readonly OutboxMessage[], to?: string): string => {
  const filter = to?.trim() ?? '';
  const heading = filter ? `Messages to ${escapeHtml(filter)}` : 'All messages';
  const list = messages.length
    ? messages.map(renderMessage).join('\n')
    : `<p class="empty">No messages${filter ? ` to ${escapeHtml(filter)}` : ''} yet.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Tendwell · dev outbox</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 960px; padding: 1rem; color: #1a1a1a; }
  header { display: flex; flex-wrap: wrap; gap: 1rem; align-items: end; justify-content: space-between; }
  form { display: flex; gap: .5rem; align-items: end; }
  label { display: flex; flex-direction: column; font-size: .875rem; }
  input { font: inherit; padding: .25rem .5rem; min-width: 16rem; }
  button, .clear { font: inherit; padding: .25rem .75rem; }
  article { border: 1px solid #c8c8c8; border-radius: 8px; padding: .75rem 1rem; margin: 1rem 0; }
  h2 { font-size: 1.1rem; margin: 0; }
  .meta { color: #4a4a4a; margin: .25rem 0; font-size: .875rem; }
  .code strong { font-size: 1.5rem; letter-spacing: .2em; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f4f4f4; padding: .5rem; border-radius: 4px; }
  a:focus, button:focus, input:focus { outline: 3px solid #1d5fd1; outline-offset: 2px; }
</style>
</head>
<body>
<header>
  <div>
    <h1>Dev outbox</h1>
    <p>${heading} · ${messages.length} message${messages.length === 1 ? '' : 's'}, newest last. Development only.</p>
  </div>
  <form method="get" action="">
    <label for="to">Email or phone<input id="to" name="to" type="text" value="${escapeHtml(filter)}" autocomplete="off"></label>
    <button type="submit">Filter</button>
    ${filter ? '<a class="clear" href="?">Show all</a>' : ''}
  </form>
</header>
<main>
${list}
</main>
</body>
</html>`;
};
