import { describe, expect, it } from 'vitest';
import { readImageSize } from '../../src/model/image-size.js';

function bytes(...values: number[]): Uint8Array {
  return Uint8Array.from(values);
}

describe('readImageSize', () => {
  it('reads the size of a PNG from its IHDR chunk', () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwHwQZGBgAP/wH+ZcTEY4AAAAASUVORK5CYII=', 'base64');
    expect(readImageSize('png', png)).toEqual({ width: 2, height: 1 });
  });

  it('reads the size of a GIF from its logical screen descriptor', () => {
    expect(readImageSize('gif', bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x0a, 0x00, 0x05, 0x00))).toEqual({ width: 10, height: 5 });
  });

  it('reads the size of a top-down BMP', () => {
    const bmp = new Uint8Array(26);
    bmp.set([0x42, 0x4d]);
    new DataView(bmp.buffer).setInt32(18, 7, true);
    new DataView(bmp.buffer).setInt32(22, -3, true);
    expect(readImageSize('bmp', bmp)).toEqual({ width: 7, height: 3 });
  });

  it('finds the frame header of a JPEG after other segments', () => {
    const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x20, 0x00, 0x40, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    expect(readImageSize('jpg', jpeg)).toEqual({ width: 64, height: 32 });
  });

  it('refuses bytes that are not the image they claim to be', () => {
    expect(readImageSize('png', bytes(1, 2, 3))).toBeUndefined();
    expect(readImageSize('jpg', bytes(0xff, 0xd8, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0))).toBeUndefined();
    expect(readImageSize('gif', new Uint8Array(0))).toBeUndefined();
  });
});
