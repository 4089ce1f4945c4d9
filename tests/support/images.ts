/** Tiny real image files for upload tests. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function multipartFile(field: string, name: string, type: string, bytes: Uint8Array): FormData {
  const form = new FormData();
  form.append(field, new Blob([Buffer.from(bytes)], { type }), name);
  return form;
}
