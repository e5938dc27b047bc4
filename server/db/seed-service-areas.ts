/**
 * The demo service area (issue 11 "Team and area"): the centres of the platform's demo ZIP codes, and
 * organization@'s area — circles around Austin, Springfield, Denver and Phoenix, and Boulder listed as a ZIP code —
 * which covers every demo ZIP code, so every demo address stays in the service area — and its business phone and
 * a contact person for its profile.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { accounts, organizationContacts, organizationServiceAreas, organizationZipCodes, serviceAreaZipCodes } from './schema';

type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Approximate centres (degrees) of the demo ZIP codes. */
export const DEMO_ZIP_CENTRES: Readonly<Record<string, readonly [number, number]>> = {
  '78701': [30.2711, -97.7437],
  '78702': [30.2638, -97.7166],
  '78703': [30.2937, -97.7648],
  '78704': [30.243, -97.7658],
  '78705': [30.2942, -97.7395],
  '78745': [30.207, -97.7957],
  '78746': [30.297, -97.8181],
  '62701': [39.8, -89.6495],
  '62702': [39.8235, -89.644],
  '62703': [39.7621, -89.627],
  '62704': [39.7717, -89.6868],
  '80202': [39.7525, -104.9995],
  '80203': [39.7312, -104.9826],
  '80204': [39.734, -105.0259],
  '80205': [39.759, -104.9661],
  '80206': [39.7309, -104.9524],
  '80302': [40.0172, -105.2851],
  '85003': [33.451, -112.0787],
  '85004': [33.4515, -112.0685],
  '85006': [33.4652, -112.0474],
  '85008': [33.4662, -111.9985],
};

/** organization@'s circles: [label, ZIP code at the centre, radius in miles]; and its ZIP codes listed one by one. */
export const DEMO_SERVICE_AREAS = {
  areas: [
    ['Austin', '78701', 15],
    ['Springfield', '62701', 10],
    ['Denver', '80202', 10],
    ['Phoenix', '85004', 10],
  ] as const,
  zipCodes: ['80302'] as const,
};

/** organization@'s business phone and contact person. */
export const DEMO_ORGANIZATION_PROFILE = {
  phone: '+15125550142',
  contact: { firstName: 'Dana', lastName: 'Field', title: 'Operations manager', email: 'dana.field@tendwell.test', phone: '+15125550143' },
} as const;

export const seedServiceAreas = async (tx: SeedTx, demoId: (name: string) => string, createdAt: Date): Promise<void> => {
  for (const [zipCode, [lat, lng]] of Object.entries(DEMO_ZIP_CENTRES)) {
    await tx.update(serviceAreaZipCodes).set({ lat, lng }).where(eq(serviceAreaZipCodes.zipCode, zipCode));
  }
  const organization = demoId('account:organization');
  await tx.insert(organizationServiceAreas).values(
    DEMO_SERVICE_AREAS.areas.map(([label, postalCode, radiusMiles], position) => ({
      id: demoId(`service-area:${postalCode}`),
      organizationAccountId: organization,
      label,
      postalCode,
      radiusMiles,
      position,
    })),
  );
  await tx.insert(organizationZipCodes).values(DEMO_SERVICE_AREAS.zipCodes.map((zipCode) => ({ organizationAccountId: organization, zipCode })));
  await tx.update(accounts).set({ businessPhone: DEMO_ORGANIZATION_PROFILE.phone }).where(eq(accounts.id, organization));
  await tx.insert(organizationContacts).values({ id: demoId('contact:organization'), organizationAccountId: organization, ...DEMO_ORGANIZATION_PROFILE.contact, createdAt });
};
