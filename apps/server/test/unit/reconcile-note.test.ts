import { describe, expect, it } from 'vitest';
import { reconcileNote } from '../../src/modules/sync/connection-sync';

describe('a stock check’s activity note', () => {
  it('counts what it applied', () => {
    expect(reconcileNote(12, 1, 0, 5_000)).toBe(
      '12 listings compared with the channel; 1 difference applied',
    );
  });

  it('says which differences wait for a second look instead of counting them as none', () => {
    expect(reconcileNote(1, 0, 2, 5_000)).toBe(
      '1 listing compared with the channel; 0 differences applied; 2 more differences are applied if still there in 5 s',
    );
  });
});
