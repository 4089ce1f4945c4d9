/**
 * Whether a chosen file is an image the chat sends (JPEG, PNG, WebP or GIF, the composer's
 * `accept`): judged by its first bytes, not its name or type, and where the browser decodes
 * images, by decoding it.
 */
const SIGNATURES: ReadonlyArray<ReadonlyArray<number | null>> = [
  [0xff, 0xd8, 0xff],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0x47, 0x49, 0x46, 0x38],
  // RIFF, its size, WEBP.
  [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50],
];

export async function isSendableImage(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (!SIGNATURES.some((bytes) => bytes.every((b, i) => b === null || head[i] === b))) return false;
  if (typeof createImageBitmap !== 'function') return true;
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}
