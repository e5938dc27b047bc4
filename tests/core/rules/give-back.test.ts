import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GIVE_BACK_PER_VISIT_CENTS, splitGiveBack } from '../../../src/core/rules/give-back';

const shares = fc.uniqueArray(
  fc.record({ affiliateAccountId: fc.stringMatching(/^[0-9a-f]{4,8}$/), percentage: fc.integer({ min: 1, max: 99 }) }),
  { selector: (s) => s.affiliateAccountId, minLength: 1, maxLength: 12 },
);

describe('splitGiveBack: $1 per serviced visit split by contribution percentages', () => {
  it('examples: 60/30 → 67/33; 50/50 → 50/50; three equal thirds → 34/33/33 with the extra cent to the first id', () => {
    expect(splitGiveBack([{ affiliateAccountId: 'a', percentage: 60 }, { affiliateAccountId: 'b', percentage: 30 }]).map((c) => c.cents)).toEqual([67, 33]);
    expect(splitGiveBack([{ affiliateAccountId: 'a', percentage: 50 }, { affiliateAccountId: 'b', percentage: 50 }]).map((c) => c.cents)).toEqual([50, 50]);
    expect(
      splitGiveBack(['c', 'a', 'b'].map((affiliateAccountId) => ({ affiliateAccountId, percentage: 10 }))).map((c) => [c.affiliateAccountId, c.cents]),
    ).toEqual([
      ['a', 34],
      ['b', 33],
      ['c', 33],
    ]);
  });

  it('no affiliate, or only zero percentages: nothing is given', () => {
    expect(splitGiveBack([])).toEqual([]);
    expect(splitGiveBack([{ affiliateAccountId: 'a', percentage: 0 }])).toEqual([]);
  });

  it('property: the cents always sum to 100, each is within one cent of its exact share, and the order of the shares does not matter', () => {
    fc.assert(
      fc.property(
        shares.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }))),
        ([list, shuffled]) => {
        const cuts = splitGiveBack(list);
        expect(cuts.reduce((a, c) => a + c.cents, 0)).toBe(GIVE_BACK_PER_VISIT_CENTS);
        const weight = list.reduce((a, s) => a + s.percentage, 0);
        for (const c of cuts) {
          const exact = (GIVE_BACK_PER_VISIT_CENTS * c.percentage) / weight;
          expect(c.cents).toBeGreaterThanOrEqual(Math.floor(exact));
          expect(c.cents).toBeLessThanOrEqual(Math.ceil(exact));
        }
        expect(splitGiveBack(shuffled)).toEqual(cuts);
        },
      ),
    );
  });
});
