import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-date-time.ts';

const zone = 'Europe/Amsterdam';

describe('a datetime-local value on the community’s clocks, wherever the browser is', () => {
  // The browser (this process) in New York, the community in Amsterdam.
  const browserZone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'America/New_York';
  });
  afterEach(() => {
    if (browserZone === undefined) delete process.env.TZ;
    else process.env.TZ = browserZone;
  });

  it('reads back what it wrote, in any zone, across the changes of the clocks', () => {
    for (const timeZone of [zone, 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland']) {
      for (const local of ['2025-01-10T00:30', '2025-03-30T12:00', '2025-10-26T23:59']) {
        expect(toLocalInput(fromLocalInput(local, timeZone), timeZone)).toBe(local);
      }
    }
    expect(fromLocalInput('2025-03-14T17:30', 'Asia/Kolkata')).toBe('2025-03-14T17:30:00+05:30');
  });

  it('leaves what is no date and time empty, so the schema says it is required', () => {
    for (const text of ['', '2025-02-30T18:00', 'tomorrow']) {
      expect(fromLocalInput(text, zone)).toBe('');
    }
    expect(toLocalInput('no date', zone)).toBe('');
  });
});
