import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VISUALLY_HIDDEN, VISUALLY_HIDDEN_ON_NARROW, VISUALLY_HIDDEN_ON_PHONE } from '../../../src/ui/components/visuallyHidden';

/** The base stylesheet, where visually hidden text is defined once (docs/decisions.md, "Visually hidden text"). */
const SRC = join(__dirname, '../../../src');
const base = readFileSync(join(SRC, 'ui/app/base.css'), 'utf8');

/** The declarations of `.name { … }` in base.css, in order; undefined when the class is not there. */
const declarations = (name: string) =>
  new RegExp(`\\.${name} \\{([^}]*)\\}`)
    .exec(base)?.[1]
    ?.split(';')
    .map((d) => d.trim())
    .filter(Boolean);

const stylesheets = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? stylesheets(path) : entry.name.endsWith('.css') ? [path] : [];
  });

describe('visually hidden text', () => {
  it('is defined in base.css under the names the components use: always, on a phone (≤ 640 px), on the narrowest phones (≤ 420 px)', () => {
    const rule = declarations(VISUALLY_HIDDEN);
    expect(rule).toEqual(['position: absolute', 'width: 1px', 'height: 1px', 'padding: 0', 'margin: -1px', 'overflow: hidden', 'clip: rect(0 0 0 0)', 'white-space: nowrap', 'border: 0']);
    // The breakpoint variants hide the same way, each only under its media query.
    expect(declarations(VISUALLY_HIDDEN_ON_PHONE)).toEqual(rule);
    expect(declarations(VISUALLY_HIDDEN_ON_NARROW)).toEqual(rule);
    expect(base).toMatch(new RegExp(`@media \\(max-width: 640px\\) \\{\\s*\\.${VISUALLY_HIDDEN_ON_PHONE} \\{`));
    expect(base).toMatch(new RegExp(`@media \\(max-width: 420px\\) \\{\\s*\\.${VISUALLY_HIDDEN_ON_NARROW} \\{`));
  });

  it('has no other copy in the stylesheets', () => {
    const copies = stylesheets(SRC).filter((file) => !file.endsWith('/ui/app/base.css') && /clip: rect\(0 0 0 0\)/.test(readFileSync(file, 'utf8')));
    expect(copies).toEqual([]);
  });
});
