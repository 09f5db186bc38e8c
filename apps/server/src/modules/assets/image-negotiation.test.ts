import { describe, expect, it } from 'vitest';
import { chooseImageFormat } from './image-negotiation.ts';

describe('choosing the format of an image', () => {
  it.each([
    ['Chrome', 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'avif'],
    ['Firefox', 'image/avif,image/webp,*/*', 'avif'],
    ['Safari 16', 'image/webp,image/avif,image/jxl,image/heic,image/*,*/*;q=0.8', 'avif'],
    ['an older Safari', 'image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5', 'webp'],
    ['fetch()', '*/*', 'master'],
    ['no Accept at all', undefined, 'master'],
    ['AVIF refused', 'image/avif;q=0, image/webp;q=0.9', 'webp'],
    ['both refused', 'image/avif; q=0.0, image/webp;q=0,*/*', 'master'],
    ['upper case and spaces', 'Image/AVIF ; Q=0.5', 'avif'],
    ['a broken quality', 'image/avif;q=abc', 'master'],
  ])('answers %s', (_, accept, expected) => {
    expect(chooseImageFormat(accept)).toBe(expected);
  });
});
