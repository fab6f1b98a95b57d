import type { Clock } from '@src/app/ports';

/** A clock that stands still until a test moves it. */
export class FixedClock implements Clock {
  private time: number;

  constructor(start = '2030-01-01T12:00:00.000Z') {
    this.time = Date.parse(start);
  }

  now = () => new Date(this.time);

  advance(ms: number): void {
    this.time += ms;
  }
}
