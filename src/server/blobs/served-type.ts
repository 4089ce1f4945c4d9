/**
 * How a stored file is served (docs/security.md "File access"): what an uploader declares is not
 * trusted to be harmless. Raster images are served as what they are, inline; PDF as PDF, as an
 * attachment; anything else as `application/octet-stream`, as an attachment — so no upload is
 * ever served from our origin as script, style or markup (a file declared `text/javascript` would
 * otherwise pass `script-src 'self'` as a gadget). Every answer also carries the resource policy
 * (`src/server/http/security-headers.ts`) and `nosniff`.
 */
const INLINE_IMAGE = /^image\/(jpeg|png|gif|webp)$/i;
const PDF = /^application\/pdf$/i;

export interface ServedType {
  contentType: string;
  inline: boolean;
}

export function servedType(declared: string): ServedType {
  const type = declared.split(';')[0]!.trim();
  if (INLINE_IMAGE.test(type)) return { contentType: type.toLowerCase(), inline: true };
  if (PDF.test(type)) return { contentType: 'application/pdf', inline: false };
  return { contentType: 'application/octet-stream', inline: false };
}
