/**
 * A lan's screens (issue 35): a TV or projector at the lan shows `/screen/{token}`, rotating
 * through the slides lan administrators chose for it.
 */
export const screenSlides = [
  'schedule',
  'announcements',
  'now-playing',
  'seats',
  'arrivals',
  'top-players',
  'bracket',
] as const;

export type ScreenSlide = (typeof screenSlides)[number];

export const screenSlideLabels: Record<ScreenSlide, string> = {
  schedule: 'Now and next on the schedule',
  announcements: 'Announcements',
  'now-playing': 'Now playing',
  seats: 'Seat map',
  arrivals: 'Who is here',
  'top-players': 'Top players so far',
  bracket: 'Tournament: next matches and results',
};

export const screenLimits = {
  nameMaxLength: 60,
  /** Seconds a slide shows before the next. */
  rotationSeconds: { least: 5, most: 120, usual: 15 },
  /** Screens a lan may have: a hall's worth of TVs. */
  perLan: 20,
  /** Newest arrivals a screen names. */
  arrivals: 8,
} as const;

/** The path of a screen's page, which its link opens. */
export const screenPath = (token: string) => `/screen/${token}`;
