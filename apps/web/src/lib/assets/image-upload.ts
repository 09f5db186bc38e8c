import {
  imageExtensionOf as extensionOf,
  type ImageExtension,
  imageUploadLimits,
} from '@lanparty/contract/rules';

/** The server takes JPEG and PNG images up to 5 MB: the contract's image limits. */
export const IMAGE_MAX_BYTES = imageUploadLimits.maximumBytes;

/** The asset extension for an image file the server takes, or undefined for any other file. */
export function imageExtensionOf(file: Pick<File, 'type'>): ImageExtension | undefined {
  return extensionOf(file.type);
}
