/** The machine catalogue (`npm run machines`): what it prints, and how `--check` finds a stale folder. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { checkCatalogue, renderCatalogue, renderChart, writeCatalogue } from '../../tools/machines-catalogue';
import { declaredTransitionsOf, discoverCharts, type Chart } from '../../tools/machine-graph';

const lifecycles = (await discoverCharts()).filter((c) => c.kind === 'lifecycle');

const section = (page: string, title: string): string => page.split(`## ${title}\n`)[1]!.split('\n## ')[0]!;
const tableRows = (text: string): string[] => text.split('\n').filter((l) => /^\| \d+ \|/.test(l));

describe('a lifecycle chart page', () => {
  it.each(lifecycles.map((c) => [c.name, c] as const))('%s lists every transition with its guard, target and sentences', (_name, chart) => {
    const page = renderChart(chart);
    const transitions = declaredTransitionsOf(chart.machine);
    const rows = tableRows(section(page, 'Transitions'));
    expect(rows).toHaveLength(transitions.length);
    transitions.forEach((t, i) => {
      const row = rows[i]!;
      expect(row).toContain(`\`${t.source}\``);
      expect(row).toContain(`\`${t.eventLabel}\``);
      if (t.guard) expect(row).toContain(t.guard);
      for (const target of t.targets) expect(row).toContain(`\`${target}\``);
      for (const { rule } of t.guardRules) expect(row).toContain(rule!.spec.replace(/\|/g, '\\|'));
      for (const rule of t.scope) expect(row).toContain(rule.id);
    });
    const diagram = section(page, 'Diagram');
    expect(diagram).toContain('stateDiagram-v2');
    expect(diagram.split('\n').filter((l) => /^ {2}\w+ --> \w+ : /.test(l))).toHaveLength(transitions.length);
  });

  it('quotes the spec sentences of the appointment rules', () => {
    const page = renderChart(lifecycles.find((c) => c.name === 'appointment')!);
    for (const sentence of [
      'Most actions are blocked when status is suspended, deleted, canceled or complete.',
      'Reinstating is allowed only when status is not suspended, complete or past AND status is canceled, deleted or exception.',
      'Start-time approval: allowed for no roles presently.',
      'Subscription-only action: customer or super, when order type is subscription.',
      'One action is blocked when pending or when start is within 7 days.',
    ]) {
      expect(page).toContain(sentence);
    }
    expect(page).toContain('**Unreachable by spec:**');
  });
});

describe('a flow chart page (invoke, after, always, root-level events)', () => {
  const flow = setup({
    types: { context: {} as { tries: number }, events: {} as { type: 'login.submit' } | { type: 'api.unauthorized' } },
    actors: { submitLogin: fromPromise(async () => 'token') },
    guards: { tooManyTries: ({ context }) => context.tries > 3 },
    actions: { countTry: assign({ tries: ({ context }) => context.tries + 1 }) },
  }).createMachine({
    id: 'login',
    initial: 'idle',
    context: { tries: 0 },
    on: { 'api.unauthorized': '.idle' },
    states: {
      idle: { on: { 'login.submit': 'submitting' } },
      submitting: { invoke: { id: 'submitLogin', src: 'submitLogin', onDone: 'signedIn', onError: { target: 'failed', actions: 'countTry' } } },
      failed: { always: { guard: 'tooManyTries', target: 'locked' }, after: { 500: 'idle' } },
      locked: { type: 'final' },
      signedIn: { type: 'final' },
    },
  });
  const chart: Chart = { name: 'login', file: 'src/machines/flows/login.machine.ts', kind: 'flow', exportName: 'loginMachine', machine: flow };

  it('prints invoke, delayed and eventless edges from the static definition', () => {
    const page = renderChart(chart);
    const rows = tableRows(section(page, 'Transitions'));
    expect(rows.map((r) => r.split(' | ')[2])).toEqual(['`api.unauthorized`', '`login.submit`', '`done: submitLogin`', '`error: submitLogin`', '`after 500 ms`', '`always`']);
    expect(rows[3]).toContain('`countTry`');
    expect(rows[5]).toContain('guard without a spec rule: `tooManyTries`');
    expect(page).toContain('submitting --> signedIn : done submitLogin');
    expect(page).toContain('note right of idle : in any state api.unauthorized → idle');
  });
});

describe('the catalogue folder', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('has an index with the counts, and --check names stale, missing and leftover files', () => {
    dir = mkdtempSync(join(tmpdir(), 'machines-'));
    const files = renderCatalogue(lifecycles);
    const index = files.get('README.md')!;
    for (const c of lifecycles) {
      expect(index).toContain(`| [${c.name}](${c.name}.md) | lifecycle | \`${c.file}\` | ${Object.keys(c.machine.root.states).length} | ${declaredTransitionsOf(c.machine).length} |`);
    }

    expect(checkCatalogue(files, dir)).toEqual({ stale: [], missing: [...files.keys()], extra: [] });
    writeCatalogue(files, dir);
    expect(checkCatalogue(files, dir)).toEqual({ stale: [], missing: [], extra: [] });

    writeFileSync(join(dir, 'ticket.md'), `${readFileSync(join(dir, 'ticket.md'), 'utf8')}\nhand edit\n`);
    rmSync(join(dir, 'invoice.md'));
    writeFileSync(join(dir, 'old-chart.md'), '# gone\n');
    expect(checkCatalogue(files, dir)).toEqual({ stale: ['ticket.md'], missing: ['invoice.md'], extra: ['old-chart.md'] });

    writeCatalogue(files, dir);
    expect(checkCatalogue(files, dir)).toEqual({ stale: [], missing: [], extra: [] });
  });

  it('renders the same text twice (no timestamps), so the check is stable', () => {
    expect(renderCatalogue(lifecycles)).toEqual(renderCatalogue(lifecycles));
  });
});
