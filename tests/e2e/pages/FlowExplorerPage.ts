import { expect, type Locator, type Page } from '@playwright/test';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** /dev/flows: the flow explorer (src/ui/screens/dev/FlowExplorer.tsx). */
export class FlowExplorerPage {
  readonly root: Locator;
  readonly heading: Locator;
  /** The chart's current status (lifecycles). */
  readonly status: Locator;
  /** The steps taken, oldest first. */
  readonly steps: Locator;
  readonly diagram: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('dev-flow-explorer');
    this.heading = page.getByRole('heading', { level: 1, name: /Flow explorer/ });
    this.status = page.getByTestId('dev-flows-status');
    this.steps = page.getByRole('region', { name: 'Steps' }).getByRole('listitem');
    this.diagram = page.getByRole('img', { name: /chart/ });
  }

  async open(): Promise<void> {
    await this.page.goto('/dev/flows');
    await expect(this.heading).toBeVisible();
  }

  /** Picks an option of one of the explorer's dropdowns (the design system's combobox). */
  private async choose(label: string, option: string): Promise<void> {
    await this.page.getByRole('combobox', { name: label, exact: true }).click();
    await this.page
      .getByRole('listbox', { name: label, exact: true })
      .getByRole('option', { name: new RegExp(`^${escape(option)}\\b`) })
      .click();
  }

  /** Picks a chart (a no-op when it is already the one shown: the dropdown offers no re-pick). */
  async pickChart(name: string): Promise<void> {
    const picker = this.page.getByRole('combobox', { name: 'Chart', exact: true });
    if (!new RegExp(`^${escape(name)}\\b`).test((await picker.textContent()) ?? '')) await this.choose('Chart', name);
    await expect(this.page.getByRole('img', { name: new RegExp(`the ${escape(name)} chart`) })).toBeVisible();
  }

  /** Puts the record in `status` (the explorer's reset). */
  async resetTo(status: string): Promise<void> {
    await this.choose('Reset to status', status);
    await expect(this.status).toHaveText(status);
  }

  async actAs(role: string): Promise<void> {
    await this.choose('event.actor.role', role);
  }

  /** A quick value of a date-time fact, relative to event.now ('1 day ago', 'in 2 days', 'in 10 days'). */
  async quickDate(field: string, preset: string): Promise<void> {
    await this.page.getByRole('group', { name: `Quick values for ${field}` }).getByRole('button', { name: preset, exact: true }).click();
  }

  /** The row of one event: enabled (a button) or blocked (with its refusal). */
  event(type: string): Locator {
    return this.root.locator(`[data-event="${type}"]`);
  }

  /** Why a blocked event is refused: each guard or status rule with its spec sentence. */
  refusals(type: string): Locator {
    return this.event(type).getByRole('list', { name: `Why ${type} is blocked` });
  }

  async step(type: string): Promise<void> {
    await this.event(type).getByRole('button', { name: type, exact: true }).click();
  }
}
