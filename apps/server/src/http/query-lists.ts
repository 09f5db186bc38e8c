import { z } from 'zod';

/** `1,2,3` or `?ids=1&ids=2`: both are a list. */
export function listParameter<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => String(part).split(','))
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    z.array(item),
  );
}
