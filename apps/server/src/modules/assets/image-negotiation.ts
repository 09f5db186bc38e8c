import type { VariantFormat } from './image-encoding.ts';

/**
 * The format to answer an image request in, by its Accept header: AVIF when it is listed
 * (and not refused with q=0), else WebP, else the master's own type. Only types named
 * outright count: `image/*` and `*\/*` are what every browser sends, also those that
 * cannot show AVIF.
 */
export function chooseImageFormat(accept: string | undefined): VariantFormat | 'master' {
  const accepted = new Set<string>();
  for (const range of (accept ?? '').split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const quality = parameters.find((parameter) => /^q\s*=/.test(parameter));
    if (quality !== undefined && !(Number(quality.replace(/^q\s*=\s*/, '')) > 0)) continue;
    accepted.add(type);
  }
  if (accepted.has('image/avif')) return 'avif';
  if (accepted.has('image/webp')) return 'webp';
  return 'master';
}
