import type { Logger } from '@src/app/ports';

type Level = 'debug' | 'info' | 'warn' | 'error';

/** A Logger that keeps what it is told, so a test can read what a use case reported. */
export class RecordingLogger implements Logger {
  readonly entries: { level: Level; obj: object | string; msg?: string }[] = [];

  private log = (level: Level) => (obj: object | string, msg?: string) => {
    this.entries.push({ level, obj, msg });
  };

  debug = this.log('debug');
  info = this.log('info');
  warn = this.log('warn');
  error = this.log('error');

  /** The messages logged at `level`. */
  messages(level: Level): (string | undefined)[] {
    return this.entries.filter((e) => e.level === level).map((e) => e.msg);
  }
}
