import { z } from 'zod';
import { screenLimits, screenSlides } from '../rules/screen-rules.ts';
import { dateTimeSchema, idSchema } from './common.ts';
import { requiredText } from './rules.ts';

const noControlCharacters = /^[^\p{Cc}]*$/u;

export const screenSlideSchema = z.enum(screenSlides).meta({
  id: 'ScreenSlide',
  description:
    'A slide of a screen: `schedule` (now and next), `announcements`, `now-playing`, `seats` ' +
    '(the seat map), `arrivals` (who is here) or `top-players` (the lan’s so far).',
});

export const screenInputSchema = z
  .object({
    name: requiredText('name', screenLimits.nameMaxLength).refine(
      (name) => noControlCharacters.test(name),
      { error: 'Name cannot contain control characters' },
    ),
    slides: z
      .array(screenSlideSchema)
      .min(1, { error: 'Choose at least one slide' })
      .default([...screenSlides]),
    rotationSeconds: z
      .number({ error: 'Seconds per slide must be a whole number' })
      .int({ error: 'Seconds per slide must be a whole number' })
      .min(screenLimits.rotationSeconds.least, {
        error: `Seconds per slide must be at least ${screenLimits.rotationSeconds.least}`,
      })
      .max(screenLimits.rotationSeconds.most, {
        error: `Seconds per slide must be at most ${screenLimits.rotationSeconds.most}`,
      })
      .default(screenLimits.rotationSeconds.usual),
  })
  .meta({
    id: 'NewScreen',
    description:
      'A screen of a lan: a name to tell it apart ("Main hall TV"), the slides it shows (all ' +
      'when left out; in their usual order), and the seconds each slide shows (15 when left out).',
  });

export type ScreenInput = z.infer<typeof screenInputSchema>;

export const screenSchema = z
  .object({
    id: idSchema,
    lanId: idSchema,
    name: z.string(),
    slides: z.array(screenSlideSchema),
    rotationSeconds: z.number().int(),
    creationDate: dateTimeSchema,
  })
  .meta({
    id: 'Screen',
    description:
      'A screen of a lan, as lan administrators list it (its link is never shown again).',
  });

export type Screen = z.infer<typeof screenSchema>;

export const newScreenSchema = screenSchema
  .extend({
    url: z.string().meta({
      description: 'The screen’s link, with its secret: shown this once, open it on the TV.',
    }),
  })
  .meta({ id: 'MadeScreen', description: 'A screen just made, with its link.' });

export type NewScreen = z.infer<typeof newScreenSchema>;

export const screenViewSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    slides: z.array(screenSlideSchema),
    rotationSeconds: z.number().int(),
    asOf: dateTimeSchema.meta({
      description: 'The server’s now, with the community’s offset: the screen’s clock keeps it.',
    }),
    lan: z.object({
      id: idSchema,
      name: z.string(),
      startDate: dateTimeSchema,
      endDate: dateTimeSchema,
    }),
    presence: z.object({
      presentCount: z.number().int(),
      participantCount: z.number().int(),
      arrivals: z.array(
        z.object({ userId: idSchema, nickname: z.string(), arrivalDate: dateTimeSchema }),
      ),
    }),
  })
  .meta({
    id: 'ScreenView',
    description:
      'What a screen shows besides the lan’s public reads: its slides and rotation, its lan, and ' +
      'who is here (participants marked present, the newest arrivals first; people who hide ' +
      'themselves from lan screens are counted but not named).',
  });

export type ScreenView = z.infer<typeof screenViewSchema>;

const playerSchema = z.object({ userId: idSchema, nickname: z.string() });

export const nowPlayingSchema = z
  .object({
    isCollecting: z.boolean().meta({
      description: 'Whether the site collects Steam playtime (a Steam Web API key is set).',
    }),
    isRunning: z.boolean().meta({ description: 'Whether the lan is under way now.' }),
    games: z
      .array(
        z.object({
          gameId: idSchema,
          name: z.string(),
          players: z.array(playerSchema),
        }),
      )
      .meta({ description: 'What present participants play right now, most players first.' }),
    topGames: z
      .array(
        z.object({
          gameId: idSchema,
          name: z.string(),
          seconds: z.number().int(),
          playerCount: z.number().int(),
        }),
      )
      .meta({ description: 'The lan’s most played games since it started (at most 10).' }),
    topPlayers: z
      .array(playerSchema.extend({ seconds: z.number().int() }))
      .meta({ description: 'Who played most since the lan started (at most 10).' }),
  })
  .meta({
    id: 'NowPlaying',
    description:
      'Who of a lan’s participants marked present plays what, from the Steam playtime collected ' +
      'every minute. People who hide themselves from lan screens are counted and named nowhere.',
  });

export type NowPlaying = z.infer<typeof nowPlayingSchema>;

export const screenVisibilitySchema = z.object({ showsOnScreens: z.boolean() }).meta({
  id: 'ScreenVisibility',
  description: 'Whether lan screens and now playing show what the signed-in user plays.',
});

export type ScreenVisibility = z.infer<typeof screenVisibilitySchema>;
