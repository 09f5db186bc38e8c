const day = 24 * 60 * 60 * 1000;

/** A valid body of POST /api/lans for an active lan starting `days` from now, lasting two days. */
export function buildLanBody(overrides: Record<string, unknown> = {}, days = 10) {
  return {
    name: 'Winter lan',
    description: 'Bring a cable.',
    startDate: new Date(Date.now() + days * day).toISOString(),
    endDate: new Date(Date.now() + (days + 2) * day).toISOString(),
    isActive: true,
    maximumSubcribers: 10,
    price: 30,
    membersPrice: 25,
    ...overrides,
  };
}
