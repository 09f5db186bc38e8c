import { describe, expect, it } from 'vitest';
import { assetIdOf } from './asset-rules.ts';
import { imageExtensionOf, imageUploadLimits } from './image-upload-rules.ts';

describe('imageUploadLimits', () => {
  it('takes images up to 5 MB', () => {
    expect(imageUploadLimits.maximumBytes).toBe(5 * 1024 * 1024);
  });
});

describe('imageExtensionOf', () => {
  it('names JPEG jpg and PNG png', () => {
    expect(imageExtensionOf('image/jpeg')).toBe('jpg');
    expect(imageExtensionOf('image/png')).toBe('png');
  });

  it('takes no other type', () => {
    expect(imageExtensionOf('image/gif')).toBeUndefined();
    expect(imageExtensionOf('toString')).toBeUndefined();
  });
});

describe('assetIdOf', () => {
  it('names an avatar user-{id} and a banner lan-{id}', () => {
    expect(assetIdOf('user', 7)).toBe('user-7');
    expect(assetIdOf('lan', 3)).toBe('lan-3');
  });
});
