/** A message's text as previews show it (notifications, events): at most 140 characters, the last
 * an ellipsis when the text was longer. Applying it again changes nothing. */
export const PREVIEW_LENGTH = 140;

export function textPreview(text: string): string {
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
}
