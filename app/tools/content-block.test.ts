import { describe, expect, it } from 'vitest';
import { base64Bytes, isDrawableImage } from './content-block';

describe('content blocks', () => {
  it('counts decoded bytes, padding left out', () => {
    expect(base64Bytes('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==')).toBe(70);
    expect(base64Bytes('YQ==')).toBe(1);
    expect(base64Bytes('YWI=')).toBe(2);
    expect(base64Bytes(undefined)).toBe(0);
  });

  it('draws only raster images of a bounded size, never SVG', () => {
    expect(isDrawableImage('image/png', 'AAAA')).toBe(true);
    expect(isDrawableImage('image/svg+xml', 'AAAA')).toBe(false);
    expect(isDrawableImage('text/html', 'AAAA')).toBe(false);
    expect(isDrawableImage('image/png', 'A'.repeat(5_000_001))).toBe(false);
    expect(isDrawableImage(undefined, 'AAAA')).toBe(false);
  });
});
