import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, StateNode } from 'xstate';
import { onboardingMachine } from '../../src/machines/flows/onboarding.machine';
import { passwordMachine } from '../../src/machines/flows/password.machine';
import { phoneMachine } from '../../src/machines/flows/phone.machine';

/** Every atomic state of a chart with the tags it carries (its own and its ancestors'), keyed by its path. */
const tagsByState = (machine: AnyStateMachine): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  const walk = (node: StateNode, inherited: readonly string[]) => {
    const tags = [...inherited, ...node.tags];
    const children = Object.values(node.states) as StateNode[];
    if (children.length === 0) out[node.path.join('.')] = tags;
    for (const child of children) walk(child, tags);
  };
  walk(machine.root, []);
  return out;
};

const statesWith = (machine: AnyStateMachine, tag: string) =>
  Object.entries(tagsByState(machine))
    .filter(([, tags]) => tags.includes(tag))
    .map(([path]) => path)
    .sort();

describe('the view modes are tags of the charts (views read them with hasTag)', () => {
  it('onboarding: every state names exactly one step, or loading', () => {
    const steps = ['loading', 'profileStep', 'languageStep', 'passwordStep', 'remainingStep'];
    for (const [path, tags] of Object.entries(tagsByState(onboardingMachine))) {
      expect(tags.filter((t) => steps.includes(t)), path).toHaveLength(1);
    }
    expect(statesWith(onboardingMachine, 'passwordStep')).toEqual(['forgettingResetToken', 'password', 'savingPassword']);
  });

  it('password: checking, invalid, saved and request mark the states the view shows alike', () => {
    expect(statesWith(passwordMachine, 'checking')).toEqual(['action.loading', 'action.validating', 'temporary.loading']);
    expect(statesWith(passwordMachine, 'invalid')).toEqual(['action.invalid', 'temporary.invalid']);
    expect(statesWith(passwordMachine, 'saved')).toEqual(['action.forgetting', 'action.saved']);
    expect(statesWith(passwordMachine, 'request')).toEqual(['request.editing', 'request.sending', 'request.sent']);
  });

  it('phone: loading, confirming (with forgetting the marker) and sending', () => {
    expect(statesWith(phoneMachine, 'loading')).toEqual(['loading']);
    expect(statesWith(phoneMachine, 'confirming')).toEqual(['confirming', 'forgetting']);
    expect(statesWith(phoneMachine, 'sending')).toEqual(['sending']);
  });
});
