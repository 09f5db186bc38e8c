/**
 * What a person is asked before their Steam playtime is recorded (issue 36), and the
 * wording's version: a new wording gets a new version, and everyone who answered an older
 * one is asked again. Version 0 is consent assumed for those who linked Steam before the
 * site asked.
 */
export const steamPlaytimeWording = {
  version: 1,
  text: 'Record my Steam playtime for the leaderboards and the rewind',
} as const;
