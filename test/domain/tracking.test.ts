import { describe, expect, it } from 'vitest';
import {
  MAX_TRACKING_FILES,
  TRACKING_MIME_TYPES,
  TRACKING_REQUIRED_MESSAGE,
  humanSize,
  parseTracking,
} from '@src/domain/tracking';

describe('parseTracking', () => {
  it('trims the tracking number', () => {
    expect(parseTracking('  1Z999AA10123456784 \n', 0)).toBe('1Z999AA10123456784');
  });

  it('accepts files without a tracking number', () => {
    expect(parseTracking(undefined, 1)).toBeNull();
    expect(parseTracking('   ', 2)).toBeNull();
  });

  it.each([undefined, null, '', '   '])(
    'asks for a tracking number or files when given %j and no files',
    (trackingNumber) => {
      expect(() => parseTracking(trackingNumber, 0)).toThrow(
        expect.objectContaining({ code: 'validation', message: TRACKING_REQUIRED_MESSAGE }),
      );
    },
  );

  it('uses the spec wording for that message', () => {
    expect(TRACKING_REQUIRED_MESSAGE).toBe(
      'Please provide either a tracking number or upload files as proof of delivery',
    );
  });

  it('refuses a tracking number that is not text', () => {
    expect(() => parseTracking(42, 0)).toThrow('Tracking number must be text');
  });

  it('refuses a tracking number over 200 characters', () => {
    expect(parseTracking('x'.repeat(200), 0)).toHaveLength(200);
    expect(() => parseTracking('x'.repeat(201), 0)).toThrow(
      'Tracking number can be at most 200 characters',
    );
  });

  it('allows at most 10 files', () => {
    expect(parseTracking('', MAX_TRACKING_FILES)).toBeNull();
    expect(() => parseTracking('', MAX_TRACKING_FILES + 1)).toThrow(
      'You can upload at most 10 files',
    );
  });

  it('allows the spec file types: images, PDF, doc, docx, txt', () => {
    expect(TRACKING_MIME_TYPES).toEqual([
      'image/jpeg',
      'image/png',
      'image/gif',
      'image/webp',
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'text/plain',
    ]);
  });
});

describe('humanSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [10 * 1024, '10 KB'],
    [1024 * 1024, '1.0 MB'],
    [10 * 1024 * 1024, '10 MB'],
    [3 * 1024 ** 3, '3.0 GB'],
    [2048 * 1024 ** 3, '2048 GB'],
  ])('writes %i bytes as %s', (bytes, text) => {
    expect(humanSize(bytes)).toBe(text);
  });

  it.each([
    [1024 * 1024 - 1, '1.0 MB'],
    [10 * 1024 - 1, '10 KB'],
    [1024 ** 3 - 1, '1.0 GB'],
  ])('writes %i bytes by their rounded figure: %s', (bytes, text) => {
    expect(humanSize(bytes)).toBe(text);
  });
});
