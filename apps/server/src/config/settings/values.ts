import { z } from 'zod';

/** An empty or blank variable counts as unset, so `FOO=` in a .env file means the default. */
export const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
export const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
export const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

export const booleanFlag = (defaultValue: 'true' | 'false') =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
      .default(defaultValue)
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  );
