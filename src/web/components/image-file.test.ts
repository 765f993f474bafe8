import { describe, expect, it } from 'vitest';
import { IMAGE_ACCEPT, isAcceptedImage } from './image-file.js';

describe('isAcceptedImage', () => {
  it('takes png, jpeg and webp by their declared type', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'IMAGE/PNG']) expect(isAcceptedImage({ type, name: 'x' })).toBe(true);
  });

  it('refuses other types, even with a picture-like name', () => {
    expect(isAcceptedImage({ type: 'image/gif', name: 'a.png' })).toBe(false);
    expect(isAcceptedImage({ type: 'application/pdf', name: 'a.pdf' })).toBe(false);
  });

  it('goes by the extension when the browser declares no type', () => {
    expect(isAcceptedImage({ type: '', name: 'photo.JPG' })).toBe(true);
    expect(isAcceptedImage({ type: '', name: 'notes.txt' })).toBe(false);
  });

  it('offers the same files in the picker', () => {
    expect(IMAGE_ACCEPT).toBe('image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp');
  });
});
