/**
 * Give-back (bookings §1, §9): "Affiliate earns $1 per referred lawn serviced". A customer who supports
 * affiliates directs its give-back by contribution percentages (which total under 100%, bookings §5); each
 * serviced visit gives exactly $1, split among the customer's affiliates in proportion to their percentages.
 *
 * The split is whole cents that always sum to 100: each affiliate gets the floor of its exact share, and the
 * cents left over go one each to the largest remainders (ties: the larger percentage, then the affiliate id),
 * so the result does not depend on the order the shares are listed in. Decision: docs/decisions.md, "Give-back and earnings".
 */

/** Cents of give-back per serviced visit ($1). */
export const GIVE_BACK_PER_VISIT_CENTS = 100;

/** One affiliate a customer supports and its contribution percentage. */
export interface GiveBackShare {
  readonly affiliateAccountId: string;
  readonly percentage: number;
}

export interface GiveBackCut {
  readonly affiliateAccountId: string;
  readonly percentage: number;
  readonly cents: number;
}

/**
 * `total` cents split by the shares' percentages (largest remainder). Shares with no positive percentage
 * get nothing and are left out; no share with a positive percentage → nothing is given ([]). The same
 * affiliate listed twice counts once with the percentages added.
 */
export const splitGiveBack = (shares: readonly GiveBackShare[], total: number = GIVE_BACK_PER_VISIT_CENTS): GiveBackCut[] => {
  const merged = new Map<string, number>();
  for (const s of shares) {
    if (!(Number.isFinite(s.percentage) && s.percentage > 0)) continue;
    merged.set(s.affiliateAccountId, (merged.get(s.affiliateAccountId) ?? 0) + s.percentage);
  }
  const weight = [...merged.values()].reduce((a, b) => a + b, 0);
  if (weight <= 0 || total <= 0) return [];
  const exact = [...merged.entries()].map(([affiliateAccountId, percentage]) => {
    const share = (total * percentage) / weight;
    return { affiliateAccountId, percentage, cents: Math.floor(share), remainder: share - Math.floor(share) };
  });
  let left = total - exact.reduce((a, e) => a + e.cents, 0);
  const byRemainder = [...exact].sort(
    (a, b) => b.remainder - a.remainder || b.percentage - a.percentage || (a.affiliateAccountId < b.affiliateAccountId ? -1 : 1),
  );
  for (const e of byRemainder) {
    if (left <= 0) break;
    e.cents += 1;
    left -= 1;
  }
  return exact
    .filter((e) => e.cents > 0)
    .sort((a, b) => (a.affiliateAccountId < b.affiliateAccountId ? -1 : 1))
    .map(({ affiliateAccountId, percentage, cents }) => ({ affiliateAccountId, percentage, cents }));
};
