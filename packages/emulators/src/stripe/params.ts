import type { FormObject, FormValue } from './form';
import { invalidParam, missingParam } from './errors';

/** Typed, Stripe-style reading of form parameters; errors name the parameter like Stripe does. */
export class Params {
  constructor(
    readonly raw: FormObject,
    private readonly prefix = '',
  ) {}

  private name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  str(key: string): string | undefined {
    const v = this.raw[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw invalidParam(this.name(key), `Invalid string: ${describe(v)}`);
    return v;
  }

  requiredStr(key: string): string {
    const v = this.str(key);
    if (v === undefined || v === '') throw missingParam(this.name(key));
    return v;
  }

  /** A string that must be one of `allowed`. */
  enum<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const v = this.str(key);
    if (v === undefined || v === '') return undefined;
    if (!(allowed as readonly string[]).includes(v)) {
      throw invalidParam(
        this.name(key),
        `Invalid ${this.name(key)}: must be one of ${allowed.join(', ')}`,
      );
    }
    return v as T;
  }

  int(key: string, opts: { min?: number; max?: number } = {}): number | undefined {
    const v = this.str(key);
    if (v === undefined || v === '') return undefined;
    if (!/^-?\d+$/.test(v)) throw invalidParam(this.name(key), `Invalid integer: ${v}`);
    const n = Number(v);
    if (opts.min !== undefined && n < opts.min) {
      throw invalidParam(
        this.name(key),
        `This value must be greater than or equal to ${opts.min}.`,
      );
    }
    if (opts.max !== undefined && n > opts.max) {
      throw invalidParam(this.name(key), `This value must be less than or equal to ${opts.max}.`);
    }
    return n;
  }

  bool(key: string): boolean | undefined {
    const v = this.str(key);
    if (v === undefined || v === '') return undefined;
    if (v !== 'true' && v !== 'false') throw invalidParam(this.name(key), `Invalid boolean: ${v}`);
    return v === 'true';
  }

  obj(key: string): Params | undefined {
    const v = this.raw[key];
    if (v === undefined || v === '') return undefined;
    if (typeof v !== 'object' || Array.isArray(v)) {
      throw invalidParam(this.name(key), `Invalid object`);
    }
    return new Params(v, this.name(key));
  }

  /** Arrays of objects (`line_items[0][price]`). */
  objArray(key: string): Params[] | undefined {
    const v = this.raw[key];
    if (v === undefined || v === '') return undefined;
    if (!Array.isArray(v)) throw invalidParam(this.name(key), `Invalid array`);
    return v.map((item, i) => {
      if (typeof item !== 'object' || Array.isArray(item)) {
        throw invalidParam(`${this.name(key)}[${i}]`, 'Invalid object');
      }
      return new Params(item, `${this.name(key)}[${i}]`);
    });
  }

  /** Arrays of strings (`expand[]`, `lookup_keys[]`); a single string is accepted as one item. */
  strArray(key: string): string[] | undefined {
    const v = this.raw[key];
    if (v === undefined || v === '') return undefined;
    if (typeof v === 'string') return [v];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
      throw invalidParam(this.name(key), `Invalid array`);
    }
    return v as string[];
  }

  /** `metadata[k]=v`; on update an empty value deletes the key and `metadata=` clears all. */
  metadata(current: Record<string, string> = {}, key = 'metadata'): Record<string, string> {
    const v = this.raw[key];
    if (v === undefined) return { ...current };
    if (v === '') return {};
    if (typeof v !== 'object' || Array.isArray(v)) {
      throw invalidParam(this.name(key), 'Invalid hash');
    }
    const next = { ...current };
    for (const [k, val] of Object.entries(v)) {
      if (typeof val !== 'string') throw invalidParam(`${this.name(key)}[${k}]`, 'Invalid string');
      if (k.length > 40) {
        throw invalidParam(this.name(key), 'Metadata keys can have up to 40 characters.');
      }
      if (val === '') delete next[k];
      else next[k] = val;
    }
    if (Object.keys(next).length > 50) {
      throw invalidParam(this.name(key), 'You can have up to 50 metadata keys.');
    }
    return next;
  }
}

function describe(v: FormValue): string {
  return Array.isArray(v) ? 'array' : typeof v === 'object' ? 'hash' : v;
}
