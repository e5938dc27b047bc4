/**
 * A vendor's profile form (issue 11 "/vendor/profile"; bookings §5 validators): its name and its bio. One home for
 * the rule: the vendor-profile chart refuses to send with these problems, and the server
 * (server/services/vendor-profile.ts) refuses the same with 400.
 */

/** The longest bio, in characters (openapi UpdateVendorRequest.bio). */
export const MAX_BIO_LENGTH = 2000;

export type VendorProfileProblem = 'required' | 'bioTooLong';
export type VendorProfileProblems = Readonly<Partial<Record<keyof VendorProfileDraft, VendorProfileProblem>>>;

export interface VendorProfileDraft {
  readonly first_name: string;
  readonly last_name: string;
  readonly bio: string;
}

const blank = (v: string) => v.trim() === '';

export const vendorProfileProblems = (d: VendorProfileDraft): VendorProfileProblems => ({
  ...(blank(d.first_name) ? { first_name: 'required' as const } : {}),
  ...(blank(d.last_name) ? { last_name: 'required' as const } : {}),
  ...(d.bio.trim().length > MAX_BIO_LENGTH ? { bio: 'bioTooLong' as const } : {}),
});
