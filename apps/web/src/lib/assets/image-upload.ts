/** The server takes JPEG and PNG images up to 5 MB (server-behaviour, Assets). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const extensions: Record<string, 'jpg' | 'png'> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/** The asset extension for an image file the server takes, or undefined for any other file. */
export function imageExtensionOf(file: Pick<File, 'type'>): 'jpg' | 'png' | undefined {
  return extensions[file.type];
}
